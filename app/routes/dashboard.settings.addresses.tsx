// Settings → Addresses (ADR 0103): the addresses the account keeps to fill a booking's delivery
// (and, for a seller, a label's sender). Plain POSTs to this page with an intent (add, edit,
// delete, default); editing (?edit=id) and the delete's confirmation (?delete=id) are links, so
// all of it works with JavaScript off. Whose address it is, the domain checks: another
// account's is a 404. A field that fails the schema comes back at its field, as typed (400).

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { PostalAddress } from "#app/components/postal-address";
import { SavedAddressForm } from "#app/components/saved-address-form";
import {
  ADDRESS_KIND_WORDS,
  addressKindField,
  SAVED_ADDRESS_LIMIT,
  savedAddressIdSchema,
  savedAddressSchema,
} from "#app/domain/deals/bookings/saved-address-schema";
import {
  addSavedAddress,
  deleteSavedAddress,
  editSavedAddress,
  getSavedAddress,
  listSavedAddresses,
  type SavedAddressView,
  setDefaultSavedAddress,
} from "#app/domain/deals/bookings/saved-addresses.server";
import { badRequest, notFound, requireFormData } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { requireUser } from "#app/utils/session.server";
import { SETTINGS_PATH } from "#app/utils/settings-urls";
import { redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";
import * as styles from "./settings.css";

export const ADDRESSES_PATH = `${SETTINGS_PATH}/addresses`;

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Addresses", "The addresses your Pay&Buy account keeps for deliveries and for sending parcels.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const db = database(context.env.DB);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("delete");
  const addresses = await listSavedAddresses(db, user.id);
  // Another account's address, or none: nothing to edit or delete here.
  const known = (id: string | null) => (id ? (addresses.find((address) => address.id === id) ?? null) : null);
  if ((editId && !known(editId)) || (deleteId && !known(deleteId))) throw notFound();
  return {
    addresses,
    seller: user.role === "seller",
    editing: known(editId)?.id ?? null,
    deleting: known(deleteId)?.id ?? null,
    full: addresses.length >= SAVED_ADDRESS_LIMIT,
  };
}

type Refused = { intent: "add" | "edit"; id: string | null; reply: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const db = database(context.env.DB);
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "add") {
    const kind = addressKindField.safeParse(form.get("kind"));
    if (!kind.success) throw badRequest();
    const submission = parseWithZod(form, { schema: savedAddressSchema });
    if (submission.status !== "success")
      return data<Refused>({ intent, id: null, reply: submission.reply() }, { status: 400 });
    const result = await addSavedAddress(db, user, { kind: kind.data, address: submission.value });
    if (!result.ok)
      return data<Refused>(
        { intent, id: null, reply: submission.reply({ formErrors: [result.message] }) },
        { status: result.status },
      );
    return redirectWithResult(context, ADDRESSES_PATH, result);
  }
  const known = savedAddressIdSchema.safeParse({ id: form.get("id") });
  if (!known.success) throw badRequest();
  const { id } = known.data;
  if (intent === "edit") {
    const submission = parseWithZod(form, { schema: savedAddressSchema });
    if (submission.status !== "success") {
      if (!(await getSavedAddress(db, user.id, id))) throw notFound();
      return data<Refused>({ intent, id, reply: submission.reply() }, { status: 400 });
    }
    const result = await editSavedAddress(db, user.id, id, submission.value);
    if (!result.ok) throw notFound();
    return redirectWithResult(context, ADDRESSES_PATH, result);
  }
  if (intent === "delete" || intent === "default") {
    const result =
      intent === "delete" ? await deleteSavedAddress(db, user.id, id) : await setDefaultSavedAddress(db, user.id, id);
    if (!result.ok) throw notFound();
    return redirectWithResult(context, ADDRESSES_PATH, result);
  }
  throw badRequest();
}

function AddressLines({ address }: { address: SavedAddressView }) {
  return <PostalAddress address={address} className={styles.addressLines} />;
}

export default function Addresses() {
  const { addresses, seller, editing, deleting, full } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as Refused | undefined;
  const editOf = (id: string) => (refused?.intent === "edit" && refused.id === id ? refused.reply : null);
  return (
    <DashboardPage title="Addresses">
      <p>
        <Link to={SETTINGS_PATH}>Back to Settings</Link>
      </p>
      <p>
        {seller
          ? "Your default delivery address fills the booking form; your sender address fills the label form."
          : "Your default address fills the booking form when you have an item shipped."}{" "}
        {`You can keep ${SAVED_ADDRESS_LIMIT}. An order keeps its own copy of the address it was sent to.`}
      </p>
      <section aria-labelledby="saved-title" className={styles.section}>
        <h2 id="saved-title">Your addresses</h2>
        {addresses.length === 0 ? <p>You have no saved address yet.</p> : null}
        <ul className={styles.addressList}>
          {addresses.map((address) => {
            const label = `${ADDRESS_KIND_WORDS[address.kind]}${address.isDefault ? " (default)" : ""}`;
            return (
              <li key={address.id} className={styles.addressCard} aria-labelledby={`address-${address.id}`}>
                <h3 id={`address-${address.id}`} className={styles.addressTitle}>
                  {label}
                </h3>
                {editing === address.id || editOf(address.id) ? (
                  <SavedAddressForm
                    id={`edit-${address.id}`}
                    action={ADDRESSES_PATH}
                    intent="edit"
                    addressId={address.id}
                    address={address}
                    chooseKind={false}
                    lastResult={editOf(address.id)}
                    submitLabel="Save address"
                  >
                    <p>
                      <Link to={ADDRESSES_PATH}>Cancel</Link>
                    </p>
                  </SavedAddressForm>
                ) : (
                  <>
                    <AddressLines address={address} />
                    {deleting === address.id ? (
                      <div className={styles.confirm} role="group" aria-labelledby={`delete-${address.id}`}>
                        <p id={`delete-${address.id}`}>
                          <strong>Delete this address?</strong> Orders already sent to it keep their copy.
                        </p>
                        <Form method="post" action={ADDRESSES_PATH} className={styles.actions}>
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="id" value={address.id} />
                          <button type="submit" className={button.primary}>
                            Yes, delete it
                          </button>
                          <Link to={ADDRESSES_PATH} className={button.ghost}>
                            Keep it
                          </Link>
                        </Form>
                      </div>
                    ) : (
                      <div className={styles.actions}>
                        <Link
                          to={`${ADDRESSES_PATH}?edit=${address.id}`}
                          className={button.secondary}
                          aria-label={`Edit: ${label}, ${address.line1}`}
                        >
                          Edit
                        </Link>
                        {address.isDefault ? null : (
                          <Form method="post" action={ADDRESSES_PATH}>
                            <input type="hidden" name="intent" value="default" />
                            <input type="hidden" name="id" value={address.id} />
                            <button
                              type="submit"
                              className={button.secondary}
                              aria-label={`Make default: ${address.line1}`}
                            >
                              Make default
                            </button>
                          </Form>
                        )}
                        <Link
                          to={`${ADDRESSES_PATH}?delete=${address.id}`}
                          className={button.ghost}
                          aria-label={`Delete: ${label}, ${address.line1}`}
                        >
                          Delete
                        </Link>
                      </div>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="add-title" className={`${styles.section} ${styles.addressForm}`}>
        <h2 id="add-title">Add an address</h2>
        {full && refused?.intent !== "add" ? (
          <p>{`You keep ${SAVED_ADDRESS_LIMIT} addresses, the most there can be: delete one to add another.`}</p>
        ) : (
          <SavedAddressForm
            // A new, empty form once an address is saved (with JavaScript the page is not reloaded).
            key={addresses.map((address) => address.id).join(" ")}
            id="add-address"
            action={ADDRESSES_PATH}
            intent="add"
            chooseKind={seller}
            lastResult={refused?.intent === "add" ? refused.reply : null}
            submitLabel="Save address"
          />
        )}
      </section>
    </DashboardPage>
  );
}
