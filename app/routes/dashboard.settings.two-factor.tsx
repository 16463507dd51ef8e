// Two-factor sign-in in the settings: the page, whose forms each post to their own child route
// (start, confirm, regenerate, disable: ADR 0071, 0075). A GET of a child's URL shows this page;
// a child renders it with what its action answered. The page takes no POST itself (405).
import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useOutlet } from "react-router";
import { TwoFactorPage, type TwoFactorPageData } from "#app/components/two-factor-page";
import { confirmationMethods } from "#app/domain/accounts/reauthentication.server";
import { pendingTwoFactorSetup, twoFactorStatus } from "#app/domain/accounts/two-factor.server";
import { qrCodeDataUrl } from "#app/utils/qr-code.server";
import { pageMeta } from "#app/utils/seo";
import { requireUser } from "#app/utils/session.server";
import { database } from "#db/client";
import { useTwoFactorData } from "./two-factor-data";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Two-Factor Sign-In", "Ask for a code from an authenticator app when signing in to Pay&Buy.");

/** The secret as people type it into an app: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

export async function loader({ request, context }: LoaderFunctionArgs): Promise<TwoFactorPageData> {
  const user = await requireUser(request, context);
  const db = database(context.env.DB);
  const settings = context.env.settings;
  const [status, pending, confirmation] = await Promise.all([
    twoFactorStatus(db, user.id),
    pendingTwoFactorSetup(db, user, { secrets: settings.SESSION_SECRET, issuer: settings.APP_NAME }),
    confirmationMethods(db, user.id),
  ]);
  const page: TwoFactorPageData = {
    admin: user.role === "admin",
    status,
    setup:
      pending && !status.enabled
        ? { secret: grouped(pending.secret), qrCode: await qrCodeDataUrl(pending.uri), issuer: settings.APP_NAME }
        : null,
    confirmation,
  };
  // Like every dashboard answer, it is `private, no-store` (workers/private-cache.ts): no cache
  // keeps the key of a setup, nor the recovery codes an action's answer shows.
  return page;
}

/** The page takes no form: each of its forms posts to its own action. */
export function action(): never {
  throw new Response(null, { status: 405, statusText: "Method Not Allowed", headers: { Allow: "GET, HEAD" } });
}

export default function TwoFactorSettings() {
  const page = useTwoFactorData();
  // A child (an action's URL) renders the page itself, with its action's answer.
  return useOutlet() ?? <TwoFactorPage data={page} />;
}
