// The account's live sessions on the Settings page: which device, since when, last seen, the one
// in use marked; a Sign out button for each other one and one for all of them.
import { Form, useNavigation } from "@remix-run/react";
import { button } from "#app/styles/utilities.css";
import * as table from "./table.css";

export interface SessionRow {
  id: string;
  device: string;
  firstSeen: string;
  lastSeen: string;
  current: boolean;
}

export function SessionList({ sessions }: { sessions: SessionRow[] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && String(navigation.formData?.get("intent")).startsWith("sign-out");
  const others = sessions.filter((session) => !session.current).length;
  return (
    <>
      <div className={table.wrap} role="region" aria-labelledby="sessions-caption" tabIndex={0}>
        <table className={table.table}>
          <caption id="sessions-caption" className={table.caption}>
            Where your account is signed in
          </caption>
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last seen</th>
              <th scope="col">
                <span>Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id}>
                <th scope="row">{session.device}</th>
                <td data-label="Signed in" className={table.nowrap}>
                  {session.firstSeen}
                </td>
                <td data-label="Last seen" className={table.nowrap}>
                  {session.current ? "Now" : session.lastSeen}
                </td>
                <td data-label="Action" className={table.actions}>
                  {session.current ? (
                    <span className={table.badge}>This session</span>
                  ) : (
                    <Form method="post" className={table.inlineForm}>
                      <input type="hidden" name="intent" value="sign-out-session" />
                      <input type="hidden" name="sessionId" value={session.id} />
                      <button
                        type="submit"
                        className={`${button.secondary} ${table.compact}`}
                        disabled={busy}
                        aria-label={`Sign out ${session.device}, signed in ${session.firstSeen}`}
                      >
                        Sign out
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="sign-out-others" />
          <button type="submit" className={button.secondary} disabled={busy}>
            Sign out everywhere else
          </button>
        </Form>
      ) : (
        <p>This is the only session of your account.</p>
      )}
    </>
  );
}
