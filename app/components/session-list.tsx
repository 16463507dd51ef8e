// The account's live sessions on the Settings page: which device, since when, last seen, the one
// in use marked; a Sign out button for each other one and one for all of them.
import { Form } from "react-router";
import { button } from "#app/styles/utilities.css";
import { SETTINGS_ACTIONS } from "#app/utils/settings-urls";
import { useIsPending } from "#app/utils/use-is-pending";
import { type Column, PagedTable } from "./paged-table";
import * as table from "./table.css";

export interface SessionRow {
  id: string;
  device: string;
  firstSeen: string;
  lastSeen: string;
  current: boolean;
}

/** Whether either sign-out is on its way (both buttons wait for it). */
function useSigningOut() {
  const one = useIsPending({ formAction: SETTINGS_ACTIONS.signOutSession });
  const others = useIsPending({ formAction: SETTINGS_ACTIONS.signOutOthers });
  return one || others;
}

function SignOutButton({ session }: { session: SessionRow }) {
  const busy = useSigningOut();
  return (
    <Form method="post" action={SETTINGS_ACTIONS.signOutSession} className={table.inlineForm}>
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
  );
}

const COLUMNS: ReadonlyArray<Column<SessionRow>> = [
  { header: "Device", kind: "name", cell: (session) => session.device },
  { header: "Signed in", className: table.nowrap, cell: (session) => session.firstSeen },
  { header: "Last seen", className: table.nowrap, cell: (session) => (session.current ? "Now" : session.lastSeen) },
  {
    header: "Action",
    kind: "actions",
    cell: (session) =>
      session.current ? <span className={table.badge}>This session</span> : <SignOutButton session={session} />,
  },
];

/** Every live session on one page (the list is bounded: LIVE_SESSIONS_SHOWN). */
export function SessionList({ pathname, sessions }: { pathname: string; sessions: SessionRow[] }) {
  const busy = useSigningOut();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <>
      <PagedTable
        pathname={pathname}
        list={{ rows: sessions, page: 1, pageCount: 1, pageSize: Math.max(1, sessions.length) }}
        rowKey={(session) => session.id}
        columns={COLUMNS}
        caption="Where your account is signed in"
        empty="Your account is signed in nowhere else."
        region="sessions"
      />
      {others > 0 ? (
        <Form method="post" action={SETTINGS_ACTIONS.signOutOthers}>
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
