import { type ReactNode, useEffect } from "react";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { TimeZoneGuess } from "#app/components/time-zone-guess";
import "#app/styles/global.css";
import { ErrorPage } from "#app/components/error-page";
import * as layout from "#app/components/layout.css";
import { useNonce } from "#app/components/nonce";
import { SiteFooter } from "#app/components/site-footer";
import { SiteHeader } from "#app/components/site-header";
import { SPLASH_SCRIPT, Splash } from "#app/components/splash";
import { ToastRegion } from "#app/components/toast-region";
import { VerifyEmailBanner } from "#app/components/verify-email-banner";
import { currencyOf } from "#app/domain/shared/money";
import { zoneTable } from "#app/domain/shared/time-zones.server";
import { AFTER_LOAD_SCRIPT } from "#app/server/scripts-after-load";
import { skipLink } from "#app/styles/utilities.css";
import { clearFormFlash } from "#app/utils/form-flash.server";
import { siteOrigin } from "#app/utils/seo";
import { getOptionalUser } from "#app/utils/session.server";
import { readToast } from "#app/utils/toast.server";
import { useHydrated } from "#app/utils/use-hydrated";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [
  { title: "Pay&Buy" },
  {
    name: "description",
    content: "Pay&Buy: buy and sell second-hand cameras, lenses and photo gear with verified people.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, { toast, headers }] = await Promise.all([
    getOptionalUser(request, context),
    readToast(request, context),
  ]);
  clearFormFlash(request, headers);
  return data(
    {
      // The frame shows no more of its viewer than which links they have, and whether their
      // email address still needs verifying (the banner).
      user: user ? { role: user.role, unverified: !user.emailVerified } : null,
      toast,
      year: new Date().getUTCFullYear(),
      // Absolute URLs in meta tags (canonical, Open Graph) are built from it.
      origin: siteOrigin(request, context.env.settings.APP_URL),
      // Every amount on every page is written in it (useCurrency).
      currency: currencyOf(context.env.settings.PAYMENT_CURRENCY),
      // Every date is written in it (useZone): the signed-in reader's zone, else UTC (ADR 0104).
      zone: zoneTable(user?.timeZone),
      // A signed-in reader without a zone: the browser, where JavaScript runs, says which once.
      guessZone: user !== null && user.timeZone === null,
    },
    { headers },
  );
}

const AFTER_LOAD = { __html: AFTER_LOAD_SCRIPT };

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  // A page printed on its own (a shipping label, ADR 0102) says so in its handle: no site chrome.
  const bare = useMatches().some((match) => (match.handle as { bare?: boolean } | undefined)?.bare === true);
  // The page is enhanced from here on (its modules load after the load event, ADR 0043): the
  // document says so, for styles and for the journeys that test what JavaScript adds. Said once
  // the render that follows hydration is committed, so every control shown only with JavaScript
  // (useHydrated) is there by then.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d6b57" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, allowed by the CSP nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SPLASH_SCRIPT }} />
        <Meta />
        {/* The server puts the frame's stylesheet inside the page, before its link (ADR 0045). */}
        <Links />
      </head>
      <body>
        <a href="#main" className={skipLink}>
          Skip to content
        </a>
        <Splash />
        {bare ? null : <SiteHeader user={rootData?.user ?? null} />}
        {!bare && rootData?.user?.unverified ? <VerifyEmailBanner seller={rootData.user.role === "seller"} /> : null}
        <main id="main" className={layout.main} tabIndex={-1}>
          {children}
        </main>
        {bare ? null : (
          <SiteFooter
            year={rootData?.year ?? new Date().getUTCFullYear()}
            subscribed={rootData?.toast?.type === "success"}
          />
        )}
        <ToastRegion toast={rootData?.toast ?? null} />
        {rootData?.guessZone ? <TimeZoneGuess /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* Runs <Scripts>' modules once the page has loaded (ADR 0043). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, allowed by the CSP nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={AFTER_LOAD} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
