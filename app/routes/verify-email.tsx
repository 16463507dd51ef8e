// The page a verification or change-of-address letter links to. Opening the link changes nothing
// (mail scanners open links too): the page asks to confirm with a button. Signed in with an
// unverified address, the page (and the banner's Resend button) sends a new link.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import * as formStyles from "#app/components/forms.css";
import { inspectLink } from "#app/domain/accounts/account-links.server";
import { VERIFICATION_MESSAGES } from "#app/domain/accounts/account-messages";
import { confirmLinkSchema } from "#app/domain/accounts/account-schema";
import { confirmEmailLink, resendVerification } from "#app/domain/accounts/email-verification.server";
import { badRequest, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { linkOrigin } from "#app/server/origin.server";
import { button, container, section } from "#app/styles/utilities.css";
import { safeRedirect } from "#app/utils/redirect";
import { pageMeta } from "#app/utils/seo";
import { getOptionalUser, requireUser } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { database } from "#db/client";

export const meta: MetaFunction = () => [
  ...pageMeta("Pay&Buy Verify Email", "Confirm the email address of your Pay&Buy account."),
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

type Problem = { state: "expired" | "used" | "invalid"; message: string };
const STATUS: Record<Problem["state"], number> = { expired: 410, used: 410, invalid: 400 };
const PROBLEM_MESSAGES: Record<Problem["state"], string> = {
  expired: VERIFICATION_MESSAGES.expired,
  used: VERIFICATION_MESSAGES.used,
  invalid: VERIFICATION_MESSAGES.invalid,
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const user = await getOptionalUser(request, context);
  const viewer = user ? { email: user.email, emailVerified: user.emailVerified } : null;
  // Without a link: the signed-in account's own state, with Resend (signed out: where to go).
  if (token === null) return data({ link: null, problem: null, viewer });
  const link = await inspectLink(database(context.env.DB), token, ["verify_email", "change_email"]);
  if (link.state !== "valid") {
    const problem: Problem = { state: link.state, message: PROBLEM_MESSAGES[link.state] };
    return data({ link: null, problem, viewer }, { status: STATUS[link.state] });
  }
  return data({
    link: { token, email: link.email, change: link.purpose === "change_email", from: link.account.email },
    problem: null,
    viewer,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await requireFormData(request);
  const intent = form.get("intent");
  const origin = linkOrigin(request, context.env.settings);
  if (intent === "resend") {
    const user = await requireUser(request, context);
    const back = safeRedirect(form.get("redirectTo"), "/verify-email");
    const result = await resendVerification(database(context.env.DB), user, { origin });
    if (!result.ok) return redirectWithError(context, back, result.message);
    await publishFromRoute(context, result.events);
    return redirectWithSuccess(context, back, result.message);
  }
  if (intent !== "confirm") throw badRequest();
  const parsed = confirmLinkSchema.safeParse({ token: form.get("token") });
  const result = parsed.success
    ? await confirmEmailLink(database(context.env.DB), parsed.data.token, { origin })
    : ({ ok: false, state: "invalid", status: 400, message: VERIFICATION_MESSAGES.invalid } as const);
  if (!result.ok) {
    return data(
      { problem: { state: result.state, message: result.message } satisfies Problem },
      { status: result.status },
    );
  }
  await publishFromRoute(context, result.events);
  const user = await getOptionalUser(request, context);
  return redirectWithSuccess(context, user ? "/dashboard/settings" : "/login", result.message);
}

export default function VerifyEmail() {
  const { link, problem: loaded, viewer } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const problem = reply?.problem ?? loaded;
  const busy = useIsPending({ formAction: "/verify-email" });
  const resend =
    viewer && !viewer.emailVerified ? (
      <Form method="post" action="/verify-email">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="redirectTo" value="/verify-email" />
        <button type="submit" className={button.secondary} disabled={busy}>
          Send a new link
        </button>
      </Form>
    ) : null;
  return (
    <div className={`${container} ${section}`}>
      <div className={formStyles.card}>
        {problem ? (
          <>
            <h1>
              {problem.state === "expired"
                ? "This link has expired"
                : problem.state === "used"
                  ? "This link was used"
                  : "This link is not valid"}
            </h1>
            <p>{problem.message}</p>
            {resend}
            {viewer ? null : (
              <p>
                <Link to="/login">Go to Login</Link>
              </p>
            )}
          </>
        ) : link ? (
          <>
            <h1>{link.change ? "Confirm your new email address" : "Confirm your email address"}</h1>
            <p>
              {link.change
                ? `Use ${link.email} for your Pay&Buy account instead of ${link.from}.`
                : `Confirm that ${link.email} is the address of your Pay&Buy account.`}
            </p>
            <Form
              method="post"
              action={`/verify-email?${new URLSearchParams({ token: link.token })}`}
              className={formStyles.form}
            >
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="token" value={link.token} />
              <button type="submit" className={`${button.primary} ${formStyles.full}`} disabled={busy}>
                {busy ? "Confirming…" : `Confirm ${link.email}`}
              </button>
            </Form>
          </>
        ) : !viewer ? (
          <>
            <h1>Verify your email address</h1>
            <p>Open the link in the letter we sent you. To ask for a new one, log in first.</p>
            <p>
              <Link to={`/login?${new URLSearchParams({ redirectTo: "/verify-email" })}`} className={button.primary}>
                Login
              </Link>
            </p>
          </>
        ) : viewer.emailVerified ? (
          <>
            <h1>Your email address is verified</h1>
            <p>{viewer.email} is the verified address of your account.</p>
            <p>
              <Link to="/dashboard/settings">Settings</Link>
            </p>
          </>
        ) : (
          <>
            <h1>Verify your email address</h1>
            <p>
              We sent a link to {viewer.email}. Open it to verify your address: until then a seller's listings are not
              shown to buyers, and payouts cannot be set up.
            </p>
            {resend}
          </>
        )}
      </div>
    </div>
  );
}
