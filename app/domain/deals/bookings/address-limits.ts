// The lengths of a shipping address's fields (ADR 0086), for the booking dialog's inputs and the
// booking's schema alike. Its own module without zod: the dialog ships on every page that lists
// gear, and must not carry the schema library with it.
export const ADDRESS_LIMITS = { recipient: 100, line: 200, city: 100, region: 100, postalCode: 10 } as const;
