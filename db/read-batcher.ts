// One D1 round trip for the reads a request issues together (ADR 0069). A request's D1 binding is
// wrapped once: every read it runs (a statement's `all`, `raw` or `first`, which is how drizzle
// runs a select) waits until the request's code has nothing left to do in the current turn, and
// then all the reads that waited are sent as one `batch`. A loader's `Promise.all` of ordinary
// async reads, with the session's own read among them, so costs one round trip; a read that needs
// another's result costs a second, visibly.
//
// Writes are not delayed: `run` and `batch` go straight to D1, so a compare-and-set batch stays
// exactly the statements its author put in it (a write with `returning` is read back through
// `all`/`raw` and so is sent with the reads of its turn, inside the same transaction).
//
// D1 answers a batch with rows keyed by column name. A `raw` read (drizzle's way with named
// fields) needs them in column order, so two columns of one select that share a name would lose
// one silently; `checkColumns` (the integration tests turn it on) asks D1 for the column names of
// each batched `raw` read once per isolate and refuses a read whose names repeat or look like
// array indexes, so such a read fails a test instead of showing wrong data.

type ReadMethod = "all" | "raw" | "first";

interface Pending {
  statement: D1PreparedStatement;
  sql: string;
  method: ReadMethod;
  column?: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface ReadBatcherOptions {
  /** Check, once per SQL text and isolate, that a batched `raw` read's column names are unique. */
  checkColumns?: boolean;
}

const checkedColumns = new Set<string>();
const unbatched = new WeakMap<object, D1PreparedStatement>();

class ReadBatch {
  private pending: Pending[] = [];

  constructor(
    private readonly d1: D1Database | D1DatabaseSession,
    private readonly options: ReadBatcherOptions,
  ) {}

  read(statement: D1PreparedStatement, sql: string, method: ReadMethod, column?: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      // A timer, not a microtask: it runs once every promise of this turn has settled, so reads
      // started after an awaited in-memory step (the cookie's signature) still come along.
      if (this.pending.length === 0) setTimeout(() => void this.flush(), 0);
      this.pending.push({ statement, sql, method, column, resolve, reject });
    });
  }

  private async flush() {
    const sent = this.pending;
    this.pending = [];
    if (sent.length === 1) {
      const [only] = sent as [Pending];
      alone(only).then(only.resolve, only.reject);
      return;
    }
    let results: D1Result[];
    try {
      results = await this.d1.batch(sent.map((entry) => entry.statement));
    } catch (error) {
      for (const entry of sent) entry.reject(error);
      return;
    }
    for (const [index, entry] of sent.entries()) {
      const result = results[index]!;
      try {
        if (entry.method === "raw" && this.options.checkColumns) await checkColumnNames(entry, result);
        entry.resolve(fromBatch(entry, result));
      } catch (error) {
        entry.reject(error);
      }
    }
  }
}

function alone(entry: Pending): Promise<unknown> {
  if (entry.method === "all") return entry.statement.all();
  if (entry.method === "raw") return entry.statement.raw();
  return entry.column === undefined ? entry.statement.first() : entry.statement.first(entry.column);
}

function fromBatch(entry: Pending, result: D1Result): unknown {
  const rows = (result.results ?? []) as Record<string, unknown>[];
  if (entry.method === "all") return result;
  if (entry.method === "raw") return rows.map((row) => Object.values(row));
  const first = rows[0];
  if (first === undefined) return null;
  return entry.column === undefined ? first : (first[entry.column] ?? null);
}

async function checkColumnNames(entry: Pending, result: D1Result) {
  // Without a row there is nothing to misplace; the next read with rows is checked.
  if (checkedColumns.has(entry.sql) || (result.results ?? []).length === 0) return;
  const [names] = (await entry.statement.raw({ columnNames: true })) as unknown as [string[]];
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  const indexLike = names.filter((name) => /^(0|[1-9]\d*)$/.test(name));
  if (repeated.length > 0 || indexLike.length > 0) {
    throw new Error(
      `A batched read names its columns ${JSON.stringify(names)}: give ${JSON.stringify([...repeated, ...indexLike])} an alias (sql\`…\`.as("name")), since a batch keys rows by column name`,
    );
  }
  checkedColumns.add(entry.sql);
}

class BatchedStatement {
  constructor(
    private readonly batch: ReadBatch,
    private readonly statement: D1PreparedStatement,
    private readonly sql: string,
  ) {
    unbatched.set(this, statement);
  }

  bind(...values: unknown[]): BatchedStatement {
    return new BatchedStatement(this.batch, this.statement.bind(...values), this.sql);
  }

  all() {
    return this.batch.read(this.statement, this.sql, "all");
  }

  raw(options?: { columnNames?: boolean }) {
    if (options?.columnNames) return this.statement.raw({ columnNames: true });
    return this.batch.read(this.statement, this.sql, "raw");
  }

  first(column?: string) {
    return this.batch.read(this.statement, this.sql, "first", column);
  }

  run() {
    return this.statement.run();
  }
}

/**
 * The request's D1 binding (or Sessions API session) whose reads of one turn travel in one batch.
 * Make one per request: reads of different requests never share a batch.
 */
export function batchingReads<Binding extends D1Database | D1DatabaseSession>(
  d1: Binding,
  options: ReadBatcherOptions = {},
): Binding {
  const batch = new ReadBatch(d1, options);
  return new Proxy(d1, {
    get(target, property, receiver) {
      if (property === "prepare") {
        return (query: string) =>
          new BatchedStatement(batch, target.prepare(query), query) as unknown as D1PreparedStatement;
      }
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          target.batch(statements.map((statement) => unbatched.get(statement) ?? statement));
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
