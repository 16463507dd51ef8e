import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import * as formStyles from "#app/components/forms.css";
import { ImageZoom } from "#app/components/image-zoom";
import { PagedTable } from "#app/components/paged-table";
import * as table from "#app/components/table.css";
import { brandName, OTHER } from "#app/domain/gear/brands";
import { gearModelName } from "#app/domain/gear/describe";
import { normalizeSerial } from "#app/domain/gear/serials";
import {
  clearSerialHold,
  deleteStolenSerial,
  listSerialHolds,
  removeHeldListing,
  STOLEN_MESSAGES,
  searchRegistrations,
} from "#app/domain/moderation/stolen-serials.server";
import { formatDay } from "#app/domain/shared/dates";
import { readPage } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button } from "#app/styles/utilities.css";
import { listHref } from "#app/utils/list-urls";
import { confirmationId, keptAnswer } from "#app/utils/paged-list.server";
import { pageMeta } from "#app/utils/seo";
import { requireAdmin, requireRoleWith } from "#app/utils/session.server";
import { redirectWithError, redirectWithResult } from "#app/utils/toast.server";
import { useZone } from "#app/utils/use-zone";
import { database } from "#db/client";
import * as styles from "./admin.css";

export const meta: MetaFunction = () =>
  pageMeta(
    "Pay&Buy Held Listings",
    "Listings whose serial matches a stolen-gear report, for administrators to review.",
  );

const PATH = "/dashboard/serial_holds";

const brandOf = (brand: string | null, other: string | null) => (brand === OTHER ? other : brandName(brand));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = readPage(url.searchParams.get("page"));
  const serial = normalizeSerial(url.searchParams.get("serial")?.slice(0, 60) ?? "");
  const db = database(context.env.DB);
  // The holds (and a search of the register) travel with the session's read (ADR 0040, 0069).
  const {
    data: [holds, registrations],
  } = await requireRoleWith(request, context, ["admin"], () =>
    Promise.all([listSerialHolds(db, page), serial ? searchRegistrations(db, serial) : []]),
  );
  const removing = confirmationId(url, "remove");
  const deleting = confirmationId(url, "delete");
  const held = removing ? holds.rows.find((row) => row.productId === removing) : undefined;
  const registration = deleting ? registrations.find((row) => row.id === deleting) : undefined;
  return {
    holds,
    serial,
    registrations,
    confirming: held
      ? { kind: "remove" as const, id: held.productId, name: held.productName }
      : registration
        ? { kind: "delete" as const, id: registration.id, name: registration.serial }
        : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const url = new URL(request.url);
  const serial = url.searchParams.get("serial");
  const back = listHref(PATH, { page: readPage(url.searchParams.get("page")) }, serial ? { serial } : {});
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "keep") return keptAnswer(context, back);
  if (intent !== "clear" && intent !== "remove" && intent !== "delete") {
    throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  }
  const id = idSchema.safeParse(form.get("id"));
  const db = database(context.env.DB);
  if (intent === "delete") {
    if (!id.success) return redirectWithError(context, back, STOLEN_MESSAGES.noRegistration);
    return redirectWithResult(context, back, await deleteStolenSerial(db, admin, id.data));
  }
  if (!id.success) return redirectWithError(context, back, STOLEN_MESSAGES.noHold);
  const result =
    intent === "clear" ? await clearSerialHold(db, admin, id.data) : await removeHeldListing(db, admin, id.data);
  if (result.ok) await publishFromRoute(context, result.events);
  return redirectWithResult(context, back, result, result.ok ? result.message : undefined);
}

export default function SerialHolds() {
  const zone = useZone();
  const { holds, serial, registrations, confirming } = useLoaderData<typeof loader>();
  const here = listHref(PATH, { page: holds.page }, serial ? { serial } : {});
  return (
    <DashboardPage title="Held Listings">
      <p>
        A listing whose serial number matches a stolen-gear registration is held out of the storefront until you decide.
        Its seller reads only “held for review”. Clear the hold if it is not the stolen item; remove the listing if it
        is.
      </p>
      <PagedTable
        pathname={PATH}
        list={holds}
        rowKey={(hold) => `${hold.productId}-${hold.registrationId}`}
        wide
        empty="No listing is held for review."
        caption={`Held listings, oldest match first (${holds.total})`}
        columns={[
          {
            header: "Listing and seller",
            kind: "name",
            cell: (hold) => (
              <div className={styles.listing}>
                <ImageZoom photoKey={hold.photoKey} alt={hold.productName || "Product"} />
                <span className={styles.stacked}>
                  <strong>{hold.productName}</strong>
                  <span className={styles.secondary}>
                    {[
                      brandOf(hold.listingBrand, hold.listingBrandOther),
                      gearModelName({ model: hold.listingModel, modelOther: hold.listingModelOther }),
                    ]
                      .filter(Boolean)
                      .join(" ") || "No brand or model"}
                    {`, serial ${hold.listingSerial ?? "none"}`}
                  </span>
                  <span className={styles.secondary}>{`by ${hold.sellerName}, ${hold.sellerEmail}`}</span>
                  <span className={styles.secondary}>
                    {`Listed ${formatDay(hold.listedAt, zone)}, ${hold.status}${hold.deletedAt ? ", deleted by its seller" : ""}; matched ${formatDay(hold.matchedAt, zone)}`}
                  </span>
                </span>
              </div>
            ),
          },
          {
            header: "Stolen-gear registration",
            label: "Registration",
            cell: (hold) => (
              <span className={styles.stacked}>
                <strong>{`${brandOf(hold.registeredBrand, hold.registeredBrandOther) ?? "Other"}, serial ${hold.registeredSerial}`}</strong>
                <span className={styles.secondary}>{`Stolen ${hold.stolenOn}`}</span>
                {hold.policeReference ? <span>{`Police reference: ${hold.policeReference}`}</span> : null}
                {hold.note ? <q className={styles.details}>{hold.note}</q> : null}
                <span className={styles.secondary}>
                  {`Registered by ${hold.reporterName} (${hold.reporterEmail}), ${formatDay(hold.registeredAt, zone)}${hold.withdrawnAt ? "; withdrawn since" : ""}`}
                </span>
              </span>
            ),
          },
          {
            header: "Action",
            kind: "actions",
            cell: (hold) => (
              <div className={table.rowActions}>
                <Form method="post" action={here} preventScrollReset>
                  <input type="hidden" name="intent" value="clear" />
                  <input type="hidden" name="id" value={hold.productId} />
                  <button type="submit" className={button.ghost} aria-label={`Clear the hold on ${hold.productName}`}>
                    Clear hold
                  </button>
                </Form>
                <Link
                  to={listHref(
                    PATH,
                    { page: holds.page },
                    { ...(serial ? { serial } : {}), confirm: "remove", id: hold.productId },
                  )}
                  className={button.danger}
                  preventScrollReset
                  aria-label={`Remove listing: ${hold.productName}`}
                >
                  Remove listing
                </Link>
              </div>
            ),
          },
        ]}
        confirm={
          confirming && {
            title: confirming.kind === "remove" ? "Remove Confirmation" : "Delete Confirmation",
            question:
              confirming.kind === "remove"
                ? `Do you want to remove the listing ${confirming.name} from the storefront?`
                : `Do you want to delete this registration of serial ${confirming.name}? Listings it holds are released.`,
            confirmIntent: confirming.kind,
            cancelIntent: "keep",
            fields: { id: confirming.id },
          }
        }
      />

      <h2>Find a registration</h2>
      <Form method="get" action={PATH} role="search" className={formStyles.form}>
        <label htmlFor="serial-search" className={formStyles.label}>
          Serial number
        </label>
        <div className={table.rowActions}>
          <input
            id="serial-search"
            name="serial"
            defaultValue={serial ?? ""}
            maxLength={60}
            className={formStyles.input}
          />
          <button type="submit" className={button.secondary}>
            Find
          </button>
        </div>
      </Form>
      {serial ? (
        registrations.length === 0 ? (
          <p className={table.empty}>{`No registration of serial ${serial}.`}</p>
        ) : (
          <div className={table.wrap}>
            <table className={table.table}>
              <caption className={table.caption}>{`Registrations of serial ${serial}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Registration</th>
                  <th scope="col">Reporter</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {registrations.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">{`${brandOf(row.brand, row.brandOther) ?? "Other"}, stolen ${row.stolenOn}${row.withdrawnAt ? ", withdrawn" : ""}${row.deletedAt ? ", deleted" : ""}`}</th>
                    <td data-label="Reporter">{`${row.reporterName} (${row.reporterEmail})`}</td>
                    <td className={table.actions}>
                      {row.deletedAt ? null : (
                        <Link
                          to={listHref(PATH, { page: holds.page }, { serial, confirm: "delete", id: row.id })}
                          className={button.danger}
                          preventScrollReset
                          aria-label={`Delete the registration of ${row.serial} by ${row.reporterName}`}
                        >
                          Delete
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </DashboardPage>
  );
}
