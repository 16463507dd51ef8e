// The ledger's invariant as SQL (ADR 0058), for every test that moves money and for the fuzz
// suite after every action: per deal, charged = fee + seller's net + refunded + still held, none
// negative, nothing held once a deal is settled, nothing moved twice; per seller, never more paid
// out than was sent to them.
// Every sign is read from the table of kinds (app/domain/deals/ledger/kinds.ts), as the product's
// sums are: a kind added there is in the invariant too.
import { expect } from "vitest";
import {
  kindsInFigure,
  kindsOf,
  LEDGER,
  type LedgerSum,
  OPERATION_ENTRIES,
  type OperationAmount,
  REFUND_KINDS,
  sellerPlace,
} from "#app/domain/deals/ledger/kinds";
import type { LedgerKind } from "#db/closed-lists";
import { UNKNOWN_LIST_VALUE_QUERIES } from "#db/stored-list-values";

const signedCase = (kinds: Array<[LedgerKind, 1 | -1]>, amount = "amount_cents", kind = "kind") =>
  `case ${kind} ${kinds.map(([name, sign]) => `when '${name}' then ${sign === 1 ? "" : "-"}${amount}`).join(" ")} else 0 end`;
/** A sum's signed amount of a ledger row (`l.` when `prefix` says so). */
const sumCase = (sum: LedgerSum, prefix = "") => signedCase(kindsOf(sum), `${prefix}amount_cents`, `${prefix}kind`);
const kindList = (kinds: readonly LedgerKind[]) => kinds.map((kind) => `'${kind}'`).join(", ");
const REFUNDS = kindList(REFUND_KINDS);

const COLUMNS: Record<OperationAmount, string> = {
  amountCents: "amount_cents",
  feeCents: "fee_cents",
  labelCents: "label_cents",
  reversalCents: "reversal_cents",
};
/** A sum of a deal's operations (`o`), as what they become in the ledger (OPERATION_ENTRIES). */
const decidedCase = (sum: LedgerSum) =>
  `case o.kind ${Object.entries(OPERATION_ENTRIES)
    .map(([operation, amounts]) => {
      const terms = (Object.entries(amounts) as Array<[OperationAmount, LedgerKind | null]>).flatMap(
        ([column, kind]) => {
          const sign = kind ? LEDGER[kind][sum] : 0;
          return sign === 0 ? [] : [`${sign === 1 ? "" : "-"}o.${COLUMNS[column]}`];
        },
      );
      return `when '${operation}' then ${terms.length ? terms.join(" + ") : "0"}`;
    })
    .join(" ")} else 0 end`;

/** Each rule names the rows that break it. */
export const LEDGER_RULES: Array<[string, string]> = [
  [
    "paid booking without its deal",
    `select b.id from bookings b where b.status = 'paid'
      and not exists (select 1 from deals d where d.booking_id = b.id)`,
  ],
  [
    "deal whose payment is not its booking's",
    `select d.payment_id as id from deals d left join payments p on p.id = d.payment_id
      where p.id is null or p.booking_id != d.booking_id or p.amount_cents != d.amount_cents
      or p.seller_id != d.seller_id or p.buyer_id != d.buyer_id`,
  ],
  [
    "payment or deal whose amount is not its booking's price and shipping (ADR 0086)",
    `select p.id from payments p join bookings b on b.id = p.booking_id left join deals d on d.payment_id = p.id
      where p.amount_cents != b.price_cents + b.shipping_cents or p.shipping_cents != b.shipping_cents
        or (d.payment_id is not null and d.shipping_cents != p.shipping_cents)`,
  ],
  [
    "shipped booking without its shipment, or a shipment of a meetup",
    `select b.id from bookings b left join shipments s on s.booking_id = b.id
      where (b.delivery = 'ship') != (s.booking_id is not null)`,
  ],
  [
    "fee taken on shipping: more than the item's part of what was kept",
    `select d.payment_id as id from deals d join deal_operations o on o.payment_id = d.payment_id
      where o.kind = 'release' and o.fee_cents > o.amount_cents + o.fee_cents + o.label_cents - d.shipping_cents
        and o.fee_cents > 0`,
  ],
  [
    "deal under the ledger without exactly one charge of its amount",
    `select d.payment_id as id from deals d where d.state != 'settled_outside'
      and (select count(*) || ':' || coalesce(sum(amount_cents), 0) from ledger_entries l
        where l.payment_id = d.payment_id and l.kind = 'charge') != '1:' || d.amount_cents`,
  ],
  [
    "deal settled before the ledger that moved money",
    `select d.payment_id as id from deals d where d.state = 'settled_outside'
      and (exists (select 1 from ledger_entries l where l.payment_id = d.payment_id)
        or exists (select 1 from deal_operations o where o.payment_id = d.payment_id))`,
  ],
  [
    "negative or impossible balance (charged = fee + net + label + refunded + held)",
    `select payment_id as id from (
      select payment_id,
        sum(case kind when 'charge' then amount_cents else 0 end) as charged,
        sum(${sumCase("refunded")}) as refunded,
        sum(${sumCase("fee")}) as fee,
        sum(${sumCase("net")}) as net,
        sum(${sumCase("label")}) as label
      from ledger_entries where payment_id is not null group by payment_id)
      where fee < 0 or net < 0 or label < 0 or refunded > charged or charged - refunded - fee - net - label < 0`,
  ],
  [
    "settled deal with money still held",
    `select d.payment_id as id from deals d join (
        select payment_id, sum(${sumCase("held")}) as held
        from ledger_entries where payment_id is not null group by payment_id) t on t.payment_id = d.payment_id
      where d.state in ('released', 'refunded') and t.held != 0
      and not exists (select 1 from deal_operations o where o.payment_id = d.payment_id and o.status = 'pending')`,
  ],
  [
    "refunded deal not refunded in full",
    `select d.payment_id as id from deals d where d.state = 'refunded'
      and not exists (select 1 from deal_operations o where o.payment_id = d.payment_id and o.status = 'pending')
      and d.amount_cents != (select coalesce(sum(amount_cents), 0) from ledger_entries l
        where l.payment_id = d.payment_id and l.kind in (${REFUNDS}))`,
  ],
  [
    "held deal with a release",
    `select d.payment_id as id from deals d where d.state = 'held'
      and (exists (select 1 from deal_operations o where o.payment_id = d.payment_id and o.kind = 'release')
        or exists (select 1 from ledger_entries l where l.payment_id = d.payment_id and l.kind in ('fee', 'transfer')))`,
  ],
  [
    "released deal without its release",
    `select d.payment_id as id from deals d where d.state = 'released'
      and not exists (select 1 from deal_operations o where o.payment_id = d.payment_id and o.kind = 'release')`,
  ],
  [
    "ledger that differs from the movements carried out",
    // Entries of movements carried out (a sale's netting is recorded just before its transfer).
    `with done as (select l.* from ledger_entries l where l.operation_id is null
        or exists (select 1 from deal_operations d where d.id = l.operation_id and d.status = 'done'))
      select o.payment_id as id from deal_operations o where o.status = 'done' group by o.payment_id
      having ${(["refunded", "net", "fee", "label"] as const)
        .map(
          (sum) => `sum(${decidedCase(sum)})
          != (select coalesce(sum(${sumCase(sum, "l.")}), 0) from done l where l.payment_id = o.payment_id)`,
        )
        .join("\n        or ")}`,
  ],
  [
    "movement recorded without its operation done",
    `select l.id from ledger_entries l left join deal_operations o on o.id = l.operation_id
      where l.kind in ('fee', 'transfer', 'refund', 'dispute_loss', 'transfer_reversal', 'fee_refund', 'label',
          'label_refund', 'seller_debt')
        and (o.id is null or o.status != 'done')
        -- A reversal the debt recovery made later (ADR 0087) belongs to no operation: its recovery names it.
        and not (l.kind = 'transfer_reversal' and l.operation_id is null and exists (select 1 from ledger_entries r
          where r.kind = 'debt_recovery' and r.provider = l.provider and r.provider_ref = l.provider_ref
            and r.amount_cents = l.amount_cents and r.payment_id = l.payment_id))`,
  ],
  [
    "seller paid out more than they were sent",
    `select seller_id as id from ledger_entries group by seller_id, provider, currency
      having sum(${signedCase(kindsInFigure(sellerPlace, "paidOut"))})
        > sum(case kind when 'transfer' then amount_cents else 0 end)`,
  ],
  [
    "payout without exactly its ledger entries",
    `select p.id from payouts p
      where (select count(*) from ledger_entries l where l.payout_id = p.id and l.kind = 'payout') != 1
        or (select count(*) from ledger_entries l where l.payout_id = p.id and l.kind = 'payout_failure')
          != (case when p.status in ('failed', 'canceled') then 1 else 0 end)`,
  ],
  [
    "seller recovered from more than they owed (ADR 0087)",
    `select seller_id as id from ledger_entries
      group by seller_id, provider, currency
      having sum(${sumCase("debt")}) < 0`,
  ],
  [
    "debt recovered by a reversal without that reversal",
    `select l.id from ledger_entries l where l.kind = 'debt_recovery' and l.operation_id is null
      and not exists (select 1 from ledger_entries r where r.kind = 'transfer_reversal'
        and r.provider = l.provider and r.provider_ref = l.provider_ref and r.amount_cents = l.amount_cents)`,
  ],
  [
    "dispute fee or lost amount of a dispute that is not lost, or twice",
    `select l.id from ledger_entries l where l.kind in ('dispute_fee', 'dispute_loss', 'dispute_excess')
      and (not exists (select 1 from disputes d where d.status = 'lost' and d.payment_id = l.payment_id
          and l.provider_ref in ('dispute:' || d.provider_dispute_id, 'dispute_fee:' || d.provider_dispute_id,
            'dispute_excess:' || d.provider_dispute_id))
        or (select count(*) from ledger_entries x where x.kind = l.kind and x.provider_ref = l.provider_ref) != 1)`,
  ],
  [
    // Whatever the bank took is in the books: the deal's part, and the platform's beyond it.
    "lost dispute whose amount is not wholly in the ledger",
    `select d.id from disputes d where d.status = 'lost'
      and not exists (select 1 from deal_operations o where o.payment_id = d.payment_id and o.status = 'pending')
      and d.amount_cents != (select coalesce(sum(l.amount_cents), 0) from ledger_entries l
        where l.payment_id = d.payment_id and ((l.kind = 'dispute_loss' and l.provider_ref = 'dispute:' || d.provider_dispute_id)
          or (l.kind = 'dispute_excess' and l.provider_ref = 'dispute_excess:' || d.provider_dispute_id)))`,
  ],
  [
    // A label bought through Pay&Buy is paid by its sale in full (ADR 0092): never by the platform.
    "label the sale released without paying it in full",
    `select s.booking_id as id from shipments s join deals d on d.booking_id = s.booking_id
      where s.label_cost_cents is not null and s.label_ref not like 'pending:%' and d.state = 'released'
        and not exists (select 1 from deal_operations o where o.payment_id = d.payment_id
          and (o.status = 'pending' or o.kind = 'refund'))
        and s.label_cost_cents != (select coalesce(sum(case l.kind when 'label' then l.amount_cents else -l.amount_cents end), 0)
          from ledger_entries l where l.payment_id = d.payment_id and l.kind in ('label', 'label_refund'))`,
  ],
  // The lists that grow have no CHECK (ADR 0094): every stored ledger kind, operation, claim
  // reason, notification kind (and every other closed list's value) is one the code knows.
  ...UNKNOWN_LIST_VALUE_QUERIES.map((query): [string, string] => ["stored value outside its closed list", query]),
];

/** The rows that break the ledger's invariant, named by rule; [] when it holds. */
export async function ledgerViolations(db: D1Database): Promise<string[]> {
  const results = await db.batch(LEDGER_RULES.map(([, query]) => db.prepare(query)));
  return LEDGER_RULES.flatMap(([rule], index) =>
    (results[index]!.results as Array<{ id: string }>).map((row) => `${rule}: ${row.id}`),
  );
}

export async function expectLedgerHolds(db: D1Database) {
  expect(await ledgerViolations(db)).toEqual([]);
}
