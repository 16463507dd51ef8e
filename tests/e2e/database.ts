// Data set up directly in the e2e server's local D1, for states no journey can reach yet (a
// paid sale, until the payments issue lands). Runs wrangler against the same local state.
import { execFileSync } from "node:child_process";
import { E2E_STATE } from "../../playwright.config";

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

function execute(statements: string) {
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", E2E_STATE, "--command", statements], {
    stdio: "pipe",
  });
}

/** A buyer paid for the product: a buyer account, a paid booking, a payment, a sold product. */
export function recordSale(input: { productId: string; buyerName: string; buyerEmail: string; transactionId: string }) {
  const [buyerId, bookingId, paymentId] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const now = Date.now();
  const product = quote(input.productId);
  execute(`
    insert into users (id, email, name, role) values (${quote(buyerId)}, ${quote(input.buyerEmail)}, ${quote(input.buyerName)}, 'buyer');
    insert into bookings (id, product_id, buyer_id, price_cents, meet_location, buyer_contact, status, created_at, paid_at)
      select ${quote(bookingId)}, id, ${quote(buyerId)}, resale_price_cents, 'Main station', '+1 415 555 0199', 'paid', ${now}, ${now}
      from products where id = ${product};
    update products set status = 'sold', updated_at = ${now} where id = ${product};
    insert into payments (id, booking_id, product_id, buyer_id, seller_id, amount_cents, currency, provider, transaction_id, created_at)
      select ${quote(paymentId)}, ${quote(bookingId)}, id, ${quote(buyerId)}, seller_id, resale_price_cents, 'usd', 'test', ${quote(input.transactionId)}, ${now}
      from products where id = ${product};`);
}
