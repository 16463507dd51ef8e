// The Settings page: every section of the account's settings on one page. Each form posts to its
// own child route, which does that one thing (ADR 0071); a child whose form can come back with
// errors renders that form itself, in its section, through the Outlet.

import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, Outlet, useLoaderData } from "react-router";
import { EmailForm, PasswordForm, ProfileForm } from "#app/components/account-forms";
import { CameraSelect } from "#app/components/camera-select";
import { DashboardPage } from "#app/components/dashboard-page";
import { DELETE_ACCOUNT_DIALOG, DeleteAccountDialog } from "#app/components/delete-account-dialog";
import * as formStyles from "#app/components/forms.css";
import { SavedSearchList } from "#app/components/saved-search-list";
import { SessionList } from "#app/components/session-list";
import { accountSettings } from "#app/domain/accounts/account-settings.server";
import { describeDevice } from "#app/domain/accounts/devices.server";
import { listLiveSessions } from "#app/domain/accounts/sessions.server";
import { twoFactorStatus } from "#app/domain/accounts/two-factor.server";
import { listSavedSearches } from "#app/domain/alerts/saved-searches.server";
import { readCamera } from "#app/domain/gear/camera";
import { cameraName } from "#app/domain/gear/compatibility";
import { listNotificationSettings } from "#app/domain/notifications/preferences.server";
import { formatMoment } from "#app/domain/shared/dates";
import { timeZoneNames, zoneTable } from "#app/domain/shared/time-zones.server";
import { button } from "#app/styles/utilities.css";
import { TWO_FACTOR_SETUP_PATH } from "#app/utils/dashboard-tabs";
import { pageMeta } from "#app/utils/seo";
import { requireUserWith } from "#app/utils/session.server";
import { SETTINGS_ACTIONS, SETTINGS_PATH, useSettingsSection } from "#app/utils/settings-urls";
import { useIsPending } from "#app/utils/use-is-pending";
import { database } from "#db/client";
import * as styles from "./settings.css";

export const meta: MetaFunction = () =>
  pageMeta(
    "Pay&Buy Settings",
    "Your Pay&Buy account: details, email, password, sessions, two-factor sign-in, your camera, notifications, your data.",
  );

const PATH = SETTINGS_PATH;
const DELETE_HREF = `${PATH}?confirm=${DELETE_ACCOUNT_DIALOG}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Everything the page shows travels with the session's read: one D1 round trip (ADR 0069).
  const db = database(context.env.DB);
  const {
    user,
    data: [account, notifications, sessions, status, searches],
  } = await requireUserWith(request, context, ({ id }) =>
    Promise.all([
      accountSettings(db, id),
      listNotificationSettings(db, id),
      listLiveSessions(db, id),
      twoFactorStatus(db, id),
      listSavedSearches(db, id),
    ]),
  );
  const settings = account!;
  const zone = zoneTable(user.timeZone);
  const camera = readCamera(user.camera);
  return {
    account: {
      name: settings.name,
      email: settings.email,
      phone: settings.phone,
      seller: settings.role === "seller",
      admin: settings.role === "admin",
      emailVerified: settings.emailVerified,
      pendingEmail: settings.pendingEmail,
      hasPassword: settings.hasPassword,
    },
    confirmation: {
      password: settings.hasPassword,
      code: status.enabled,
      email: !settings.hasPassword && !status.enabled,
    },
    twoFactor: status,
    sessions: sessions.map((session) => ({
      id: session.id,
      device: describeDevice(session.userAgent, session.kind),
      firstSeen: formatMoment(session.createdAt, zone) ?? "",
      lastSeen: formatMoment(session.lastSeenAt ?? session.createdAt, zone) ?? "",
      current: session.id === user.sessionId,
    })),
    camera: camera ? { key: camera.key, name: cameraName(camera) } : null,
    // The zone dates are written in, and every zone Intl knows to choose from (ADR 0104).
    timeZone: { current: user.timeZone, now: formatMoment(Date.now(), zone) ?? "", choices: timeZoneNames() },
    notifications,
    savedSearches: searches.map((search) => ({
      id: search.id,
      name: search.name,
      href: `/search?${search.query}`,
      emails: search.emails,
    })),
    deleting: new URL(request.url).searchParams.get("confirm") === DELETE_ACCOUNT_DIALOG,
  };
}

/** The page takes no form: each of its forms posts to its own action (ADR 0071). */
export function action(): never {
  throw new Response(null, { status: 405, statusText: "Method Not Allowed", headers: { Allow: "GET, HEAD" } });
}

export default function Settings() {
  const { account, confirmation, twoFactor, sessions, camera, timeZone, notifications, savedSearches, deleting } =
    useLoaderData<typeof loader>();
  // The section whose form a child route renders, with what its action sent back.
  const child = useSettingsSection();
  const saving = useIsPending({ formAction: SETTINGS_ACTIONS.notifications });
  const savingCamera = useIsPending({ formAction: SETTINGS_ACTIONS.camera });
  const savingZone = useIsPending({ formAction: SETTINGS_ACTIONS.timeZone });
  const resending = useIsPending({ formAction: "/verify-email", intent: "resend" });
  return (
    <DashboardPage title="Settings">
      <section aria-labelledby="profile-title" className={styles.section}>
        <h2 id="profile-title">Your details</h2>
        {child === "profile" ? (
          <Outlet />
        ) : (
          <ProfileForm name={account.name} phone={account.phone} seller={account.seller} />
        )}
      </section>

      <section aria-labelledby="email-title" className={styles.section}>
        <h2 id="email-title">Email address</h2>
        {account.emailVerified ? (
          <p className={styles.verified}>{account.email} is verified.</p>
        ) : (
          <div className={styles.unverified}>
            <p>
              {account.email} is not verified yet. Open the link we sent to it.
              {account.seller ? " Until then your listings are not shown to buyers." : null}
            </p>
            <Form method="post" action="/verify-email">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="redirectTo" value={PATH} />
              <button type="submit" className={button.secondary} disabled={resending}>
                Resend the link
              </button>
            </Form>
          </div>
        )}
        {child === "email" ? (
          <Outlet />
        ) : (
          <EmailForm email={account.email} pendingEmail={account.pendingEmail} confirmation={confirmation} />
        )}
      </section>

      <section aria-labelledby="password-title" className={styles.section}>
        <h2 id="password-title">Password</h2>
        {child === "password" ? <Outlet /> : <PasswordForm hasPassword={account.hasPassword} />}
      </section>

      <section aria-labelledby="two-factor-title" className={styles.section}>
        <h2 id="two-factor-title">Two-factor sign-in</h2>
        {twoFactor.enabled ? (
          <p>
            {`On: signing in asks for a code from your authenticator app. ${twoFactor.recoveryCodesLeft} recovery ${
              twoFactor.recoveryCodesLeft === 1 ? "code" : "codes"
            } left.`}
          </p>
        ) : (
          <p>
            Off. Turn it on to ask for a code from an authenticator app at every sign-in
            {account.admin ? " (admin accounts must)" : ""}.
          </p>
        )}
        <p>
          <Link to={TWO_FACTOR_SETUP_PATH} className={button.secondary}>
            {twoFactor.enabled ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
          </Link>
        </p>
      </section>

      <section aria-labelledby="sessions-title" className={styles.section}>
        <h2 id="sessions-title">Sessions</h2>
        <SessionList pathname={PATH} sessions={sessions} />
      </section>

      <section aria-labelledby="addresses-title" className={styles.section}>
        <h2 id="addresses-title">Addresses</h2>
        <p>
          {account.seller
            ? "The delivery addresses that fill the booking form, and the sender address that fills a label."
            : "The delivery addresses that fill the booking form when you have an item shipped."}
        </p>
        <p>
          <Link to={`${PATH}/addresses`} className={button.secondary}>
            Manage addresses
          </Link>
        </p>
      </section>

      <section aria-labelledby="camera-title" className={styles.section}>
        <h2 id="camera-title">My camera</h2>
        <p>
          {camera
            ? `Your camera: ${camera.name}. Lenses say whether they fit it.`
            : "Choose your camera: lenses then say whether they fit it, natively or with an adapter."}
        </p>
        <Form method="post" action={SETTINGS_ACTIONS.camera} className={formStyles.form}>
          <CameraSelect id="settings-camera" label="Camera" selected={camera?.key ?? null} empty="none" />
          <div>
            <button type="submit" className={button.secondary} disabled={savingCamera}>
              Save camera
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="time-zone-title" className={styles.section}>
        <h2 id="time-zone-title">Time zone</h2>
        <p>
          {timeZone.current
            ? `Dates and times are written in ${timeZone.current} time: it is now ${timeZone.now}.`
            : `Dates and times are written in UTC (it is now ${timeZone.now}). Choose your time zone to read them in yours.`}
        </p>
        <Form method="post" action={SETTINGS_ACTIONS.timeZone} className={formStyles.form}>
          <div className={formStyles.field}>
            <label htmlFor="settings-time-zone" className={formStyles.label}>
              Time zone
            </label>
            <select
              id="settings-time-zone"
              name="timeZone"
              defaultValue={timeZone.current ?? "UTC"}
              className={formStyles.input}
            >
              {timeZone.choices.map((name) => (
                <option key={name} value={name}>
                  {name.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          </div>
          <div>
            <button type="submit" className={button.secondary} disabled={savingZone}>
              Save time zone
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="notifications-title" className={styles.section}>
        <h2 id="notifications-title">Email notifications</h2>
        {notifications.length === 0 ? (
          <p>Nothing is sent to admin accounts, so there is nothing to choose here.</p>
        ) : (
          <Form method="post" action={SETTINGS_ACTIONS.notifications} className={formStyles.form}>
            <fieldset className={styles.kinds}>
              <legend>Send me an email to {account.email} when:</legend>
              {notifications.map((setting) => (
                <label key={setting.kind} className={styles.kind}>
                  <input
                    type="checkbox"
                    name={setting.kind}
                    value="on"
                    defaultChecked={setting.enabled}
                    className={styles.checkbox}
                  />
                  <span>
                    {setting.label}
                    <span className={styles.description}>{setting.description}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <div>
              <button type="submit" className={button.primary} disabled={saving}>
                Save settings
              </button>
            </div>
          </Form>
        )}
      </section>

      <section aria-labelledby="saved-searches-title" className={styles.section}>
        <h2 id="saved-searches-title">Saved searches</h2>
        {child === "saved-searches" ? <Outlet /> : <SavedSearchList searches={savedSearches} />}
      </section>

      <section aria-labelledby="data-title" className={styles.section}>
        <h2 id="data-title">Your data</h2>
        <p>
          A copy of everything we keep about you: your account, listings, bookings, payments, messages, ratings, reports
          and choices.
        </p>
        <p className={styles.actions}>
          {/* A file, not a page: the browser downloads it. */}
          <a href={`${PATH}/export`} download className={button.secondary} rel="nofollow">
            Download my data
          </a>
          {account.admin ? null : (
            <Link to={DELETE_HREF} className={button.ghost} preventScrollReset>
              Delete my account
            </Link>
          )}
        </p>
      </section>

      {child === "delete-account" ? (
        <Outlet />
      ) : deleting && !account.admin ? (
        <DeleteAccountDialog closeHref={PATH} action={SETTINGS_ACTIONS.deleteAccount} confirmation={confirmation} />
      ) : null}
    </DashboardPage>
  );
}
