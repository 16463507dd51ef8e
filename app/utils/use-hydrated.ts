import { useEffect, useState } from "react";

/** False on the server and before hydration: render JavaScript-only controls after it. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
