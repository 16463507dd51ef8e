import { isRouteErrorResponse, Link } from "@remix-run/react";
import { button, container, section } from "../styles/utilities.css";

/** The page for every routing error and unknown URL (spec section 2). */
export function ErrorPage({ error }: { error: unknown }) {
  const response = isRouteErrorResponse(error) ? error : null;
  const status = response?.status;
  const statusText = response?.statusText || (status ? STATUS_TEXTS[status] : undefined);
  return (
    <div className={`${container} ${section}`}>
      <h1>Oops!...</h1>
      <p data-testid="error-status">{status ?? "Something went wrong"}</p>
      <p data-testid="error-status-text">{statusText ?? "Status not found"}</p>
      <Link to="/home" className={button.primary}>
        Back to Home
      </Link>
    </div>
  );
}

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
