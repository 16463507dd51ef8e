import { isRouteErrorResponse, Link } from "react-router";
import { button, container, section } from "#app/styles/utilities.css";

/** The page for every routing error and unknown URL (spec section 2), with a way on. */
export function ErrorPage({ error }: { error: unknown }) {
  const response = isRouteErrorResponse(error) ? error : null;
  const status = response?.status;
  const statusText = response?.statusText || (status ? STATUS_TEXTS[status] : undefined);
  return (
    <div className={`${container} ${section}`} data-error-page="">
      <p data-testid="error-status">{status ?? "Something went wrong"}</p>
      <h1>Oops!...</h1>
      <p data-testid="error-status-text">
        <strong>{statusText ?? "Status not found"}</strong>
      </p>
      <p>{(status && EXPLANATIONS[status]) ?? EXPLANATIONS[500]}</p>
      <div>
        <Link to="/home" className={button.primary}>
          Back to Home
        </Link>
        <Link to="/help" className={button.ghost}>
          Help
        </Link>
      </div>
    </div>
  );
}

const EXPLANATIONS: Record<number, string> = {
  403: "This page belongs to another kind of account: buyers, sellers and admins each have their own dashboard.",
  404: "We could not find this page. The listing may have been sold or removed, or the address has a typo.",
  500: "Something went wrong. Please try again in a moment; if it keeps happening, tell us on the Contact page.",
};

const STATUS_TEXTS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};
