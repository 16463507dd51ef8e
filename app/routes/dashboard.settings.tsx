import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EmailForm, PasswordForm, ProfileForm } from "#app/components/account-forms";
import { CameraSelect } from "#app/components/camera-select";
import { DashboardPage } from "#app/components/dashboard-page";
import { DELETE_ACCOUNT_DIALOG, DeleteAccountDialog } from "#app/components/delete-account-dialog";
import * as formStyles from "#app/components/forms.css";
import { SavedSearchList } from "#app/components/saved-search-list";
import { SessionList } from "#app/components/session-list";
import {
  changeEmailSchema,
  changePasswordFormSchema,
  deleteAccountSchema,
  profileSchema,
  sessionChoiceSchema,
} from "#app/domain/accounts/account-schema";
import {
  accountSettingsRead,
  changePassword,
  toAccountSettings,
  updateProfile,
} from "#app/domain/accounts/account-settings.server";
import { describeDevice } from "#app/domain/accounts/devices.server";
import { requestEmailChange } from "#app/domain/accounts/email-verification.server";
import { confirmIdentity } from "#app/domain/accounts/reauthentication.server";
import { endOtherSessions, endOwnSession, liveSessionsRead } from "#app/domain/accounts/sessions.server";
import { toTwoFactorStatus, twoFactorStatusRead } from "#app/domain/accounts/two-factor.server";
import {
  renameSavedSearchFormSchema,
  savedSearchEmailsFormSchema,
  savedSearchIdFormSchema,
} from "#app/domain/alerts/saved-search-schema";
import { deleteSavedSearch, savedSearchesRead, updateSavedSearch } from "#app/domain/alerts/saved-searches.server";
import { readCamera } from "#app/domain/gear/camera";
import { cameraName } from "#app/domain/gear/compatibility";
import { saveMyCamera } from "#app/domain/gear/my-camera.server";
import {
  choicesFromForm,
  NOTIFICATION_MESSAGES,
  notificationChoicesRead,
  saveNotificationSettings,
  toNotificationSettings,
} from "#app/domain/notifications/preferences.server";
import { deleteOwnAccount } from "#app/domain/privacy/account-deletion.server";
import { clientAddress, sessionCookie } from "#app/server/auth.server";
import { badRequest, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { linkOrigin } from "#app/server/origin.server";
import { button } from "#app/styles/utilities.css";
import { TWO_FACTOR_SETUP_PATH } from "#app/utils/dashboard-tabs";
import { formatDeadline } from "#app/utils/format";
import { pageMeta } from "#app/utils/seo";
import { requireUser, requireUserWithReads } from "#app/utils/session.server";
import { redirectWithError, redirectWithResult, redirectWithSuccess, redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { database } from "#db/client";
import * as styles from "./settings.css";

export const meta: MetaFunction = () =>
  pageMeta(
    "Pay&Buy Settings",
    "Your Pay&Buy account: details, email, password, sessions, two-factor sign-in, your camera, notifications, your data.",
  );

const PATH = "/dashboard/settings";
const DELETE_HREF = `${PATH}?confirm=${DELETE_ACCOUNT_DIALOG}`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Everything the page shows travels with the session's read: one D1 round trip (ADR 0040).
  const db = database(context.env.DB);
  const {
    user,
    results: [account, choices, sessions, twoFactor, searches],
  } = await requireUserWithReads(
    request,
    context,
    (userId) =>
      [
        accountSettingsRead(db, userId),
        notificationChoicesRead(db, userId),
        liveSessionsRead(db, userId),
        twoFactorStatusRead(db, userId),
        savedSearchesRead(db, userId),
      ] as const,
  );
  const settings = toAccountSettings(account)!;
  const status = toTwoFactorStatus(twoFactor);
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
      firstSeen: formatDeadline(session.createdAt) ?? "",
      lastSeen: formatDeadline(session.lastSeenAt ?? session.createdAt) ?? "",
      current: session.id === user.sessionId,
    })),
    camera: camera ? { key: camera.key, name: cameraName(camera) } : null,
    notifications: toNotificationSettings(choices, user.role),
    savedSearches: searches.map((search) => ({
      id: search.id,
      name: search.name,
      href: `/search?${search.query}`,
      emails: search.emails,
    })),
    deleting: new URL(request.url).searchParams.get("confirm") === DELETE_ACCOUNT_DIALOG,
  };
}

type Intent = "profile" | "email" | "password" | "delete-account";
type ActionReply = { form: Intent; result: SubmissionResult<string[]> };

const reply = (form: Intent, result: SubmissionResult<string[]>, status: number, headers?: HeadersInit) =>
  data<ActionReply>({ form, result }, { status, headers });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  const db = database(context.env.DB);
  const origin = linkOrigin(request, context.env.settings);
  const secrets = context.env.settings.SESSION_SECRET;
  const intent = form.get("intent");
  switch (intent) {
    case "camera": {
      // A key of the gear data, or nothing: anything else is refused by the domain.
      const result = await saveMyCamera(db, user.id, String(form.get("camera") ?? "").slice(0, 100));
      return redirectWithResult(context, PATH, result);
    }
    case "notifications": {
      const choices = choicesFromForm(user.role, (name) => form.get(name));
      if (!choices || Object.keys(choices).length === 0) {
        return redirectWithError(context, PATH, NOTIFICATION_MESSAGES.notForRole);
      }
      const result = await saveNotificationSettings(db, user, choices);
      if (!result.ok) return redirectWithError(context, PATH, result.message);
      return redirectWithSuccess(context, PATH, NOTIFICATION_MESSAGES.saved);
    }
    case "saved-search-rename": {
      const parsed = renameSavedSearchFormSchema.safeParse({ id: form.get("id"), name: form.get("name") });
      if (!parsed.success) return redirectWithError(context, PATH, parsed.error.issues[0]?.message ?? "Not renamed.");
      const { id, name } = parsed.data;
      return redirectWithResult(context, PATH, await updateSavedSearch(db, user, id, { name }));
    }
    case "saved-search-emails": {
      const parsed = savedSearchEmailsFormSchema.safeParse({ id: form.get("id"), emails: form.get("emails") });
      if (!parsed.success) throw badRequest();
      const { id, emails } = parsed.data;
      return redirectWithResult(context, PATH, await updateSavedSearch(db, user, id, { emails: emails === "on" }));
    }
    case "saved-search-delete": {
      const parsed = savedSearchIdFormSchema.safeParse({ id: form.get("id") });
      if (!parsed.success) throw badRequest();
      return redirectWithResult(context, PATH, await deleteSavedSearch(db, user, parsed.data.id));
    }
    case "profile": {
      const submission = parseWithZod(form, { schema: profileSchema });
      if (submission.status !== "success") return reply("profile", submission.reply(), 400);
      const result = await updateProfile(db, user.id, submission.value);
      return redirectWithSuccess(context, PATH, result.message);
    }
    case "email": {
      const submission = parseWithZod(form, { schema: changeEmailSchema });
      const hide = { hideFields: ["currentPassword", "code"] };
      if (submission.status !== "success") return reply("email", submission.reply(hide), 400);
      const confirmed = await confirmIdentity(db, user, submission.value, {
        secrets,
        clientAddress: clientAddress(request),
      });
      if (!confirmed.ok) {
        const errors = confirmed.field
          ? { fieldErrors: { [confirmed.field]: [confirmed.message] } }
          : { formErrors: [confirmed.message] };
        return reply("email", submission.reply({ ...errors, ...hide }), confirmed.status);
      }
      const result = await requestEmailChange(db, user, { email: submission.value.email, origin });
      if (!result.ok) {
        return reply("email", submission.reply({ fieldErrors: { email: [result.message] }, ...hide }), result.status);
      }
      await publishFromRoute(context, result.events);
      return redirectWithSuccess(context, PATH, result.message);
    }
    case "password": {
      const submission = parseWithZod(form, { schema: changePasswordFormSchema });
      const hide = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
      if (submission.status !== "success") return reply("password", submission.reply(hide), 400);
      const result = await changePassword(db, user, {
        currentPassword: submission.value.currentPassword,
        newPassword: submission.value.newPassword,
        clientAddress: clientAddress(request),
        origin,
      });
      if (!result.ok) {
        const errors = result.field
          ? { fieldErrors: { [result.field]: [result.message] } }
          : { formErrors: [result.message] };
        const retry = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
        return reply("password", submission.reply({ ...errors, ...hide }), result.status, retry);
      }
      await publishFromRoute(context, result.events);
      return redirectWithSuccess(context, PATH, result.message);
    }
    case "sign-out-session": {
      const parsed = sessionChoiceSchema.safeParse({ sessionId: form.get("sessionId") });
      if (!parsed.success) throw badRequest();
      return redirectWithResult(context, PATH, await endOwnSession(db, user, parsed.data.sessionId));
    }
    case "sign-out-others": {
      const result = await endOtherSessions(db, user);
      return redirectWithSuccess(context, PATH, result.message);
    }
    case "delete-account": {
      const submission = parseWithZod(form, { schema: deleteAccountSchema });
      const hide = { hideFields: ["currentPassword", "code"] };
      if (submission.status !== "success") return reply("delete-account", submission.reply(hide), 400);
      const result = await deleteOwnAccount(db, user, submission.value, {
        secrets,
        clientAddress: clientAddress(request),
      });
      if (!result.ok) {
        const errors = result.field
          ? { fieldErrors: { [result.field]: [result.message] } }
          : { formErrors: [result.message] };
        return reply("delete-account", submission.reply({ ...errors, ...hide }), result.status);
      }
      return redirectWithToast(
        context,
        "/",
        { type: "success", message: result.message },
        { headers: { "Set-Cookie": sessionCookie("", 0) } },
      );
    }
    default:
      throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  }
}

export default function Settings() {
  const { account, confirmation, twoFactor, sessions, camera, notifications, savedSearches, deleting } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionReply | undefined;
  const resultOf = (form: Intent) => (actionData?.form === form ? actionData.result : undefined);
  const saving = useIsPending({ intent: "notifications" });
  const savingCamera = useIsPending({ intent: "camera" });
  const resending = useIsPending({ formAction: "/verify-email", intent: "resend" });
  return (
    <DashboardPage title="Settings">
      <section aria-labelledby="profile-title" className={styles.section}>
        <h2 id="profile-title">Your details</h2>
        <ProfileForm
          name={account.name}
          phone={account.phone}
          seller={account.seller}
          lastResult={resultOf("profile")}
        />
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
        <EmailForm
          email={account.email}
          pendingEmail={account.pendingEmail}
          confirmation={confirmation}
          lastResult={resultOf("email")}
        />
      </section>

      <section aria-labelledby="password-title" className={styles.section}>
        <h2 id="password-title">Password</h2>
        <PasswordForm hasPassword={account.hasPassword} lastResult={resultOf("password")} />
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

      <section aria-labelledby="camera-title" className={styles.section}>
        <h2 id="camera-title">My camera</h2>
        <p>
          {camera
            ? `Your camera: ${camera.name}. Lenses say whether they fit it.`
            : "Choose your camera: lenses then say whether they fit it, natively or with an adapter."}
        </p>
        <Form method="post" className={formStyles.form}>
          <input type="hidden" name="intent" value="camera" />
          <CameraSelect id="settings-camera" label="Camera" selected={camera?.key ?? null} empty="none" />
          <div>
            <button type="submit" className={button.secondary} disabled={savingCamera}>
              Save camera
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="notifications-title" className={styles.section}>
        <h2 id="notifications-title">Email notifications</h2>
        {notifications.length === 0 ? (
          <p>Nothing is sent to admin accounts, so there is nothing to choose here.</p>
        ) : (
          <Form method="post" className={formStyles.form}>
            <input type="hidden" name="intent" value="notifications" />
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
        <SavedSearchList searches={savedSearches} />
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

      {deleting && !account.admin ? (
        <DeleteAccountDialog
          closeHref={PATH}
          action={DELETE_HREF}
          confirmation={confirmation}
          lastResult={resultOf("delete-account")}
        />
      ) : null}
    </DashboardPage>
  );
}
