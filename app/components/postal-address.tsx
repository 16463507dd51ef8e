// A postal address as it is written on an envelope: the recipient, the street lines, the city
// with its region and postal code, the country; and, after them, anything the page adds (a phone).
import type { ReactNode } from "react";
import { COUNTRY_NAMES } from "#app/domain/catalog/delivery";
import type { ShippingAddress } from "#app/domain/deals/parcels/address";

/** The address as kept, or as a deal still holds it (a field its schedule erased reads null). */
type Lines = { [Field in keyof ShippingAddress]: Field extends "country" ? ShippingAddress[Field] : string | null };

export function PostalAddress({
  address,
  className,
  testId,
  children,
}: {
  address: Lines;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <address className={className} data-testid={testId}>
      {address.recipient}
      <br />
      {address.line1}
      {address.line2 ? (
        <>
          <br />
          {address.line2}
        </>
      ) : null}
      <br />
      {`${address.city}, ${address.region} ${address.postalCode}`}
      <br />
      {COUNTRY_NAMES[address.country]}
      {children}
    </address>
  );
}
