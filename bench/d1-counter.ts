// For the bench only (bench/worker.ts): a D1 binding that counts the round trips it makes (a
// statement run, or a batch), sessions of the Sessions API included (ADR 0038).

/** The request header that asks the bench's Worker for a count. */
export const COUNT_REQUEST_HEADER = "X-Bench-Count-D1";
/** The response header the bench's Worker reports the count in. */
export const ROUND_TRIPS_HEADER = "X-D1-Round-Trips";

export interface RoundTrips {
  count: number;
}

const RUNS = new Set(["first", "all", "run", "raw"]);
const originals = new WeakMap<object, D1PreparedStatement>();

function countStatement(statement: D1PreparedStatement, trips: RoundTrips): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "bind") {
        return (...args: unknown[]) => countStatement(value.apply(target, args) as D1PreparedStatement, trips);
      }
      if (RUNS.has(String(property))) {
        return (...args: unknown[]) => {
          trips.count++;
          return value.apply(target, args);
        };
      }
      return value.bind(target);
    },
  });
  originals.set(proxy, statement);
  return proxy;
}

/** A D1 binding, or one of its sessions, that counts what it sends to the database. */
export function countingD1<Database extends D1Database | D1DatabaseSession>(
  database: Database,
  trips: RoundTrips,
): Database {
  return new Proxy(database, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "prepare") {
        return (query: string) => countStatement(target.prepare(query), trips);
      }
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) => {
          trips.count++;
          return target.batch(statements.map((statement) => originals.get(statement) ?? statement));
        };
      }
      if (property === "exec") {
        return (query: string) => {
          trips.count++;
          return (target as D1Database).exec(query);
        };
      }
      if (property === "withSession") {
        return (constraint?: string) => countingD1((target as D1Database).withSession(constraint), trips);
      }
      return value.bind(target);
    },
  });
}
