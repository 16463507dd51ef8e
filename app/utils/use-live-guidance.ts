import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { PriceGuidance } from "#app/domain/catalog/price-guidance";

export type GuidanceView = {
  guidance: PriceGuidance | null;
  guidanceFor: { model: string; condition: string; name: string | null } | null;
};

/**
 * The price guidance of the model and grade the form holds: the page's own (`?model=&condition=`,
 * what the form without JavaScript asks for), or, with JavaScript, the same loader fetched again
 * whenever the model or grade changes. Null while there is none for the form's choice.
 */
export function useLiveGuidance(
  path: string,
  page: GuidanceView,
  chosenModel: unknown,
  chosenCondition: unknown,
): { guidance: PriceGuidance; name: string | null } | null {
  // The form's values as it holds them (a repeated field would be a list: no choice then).
  const model = typeof chosenModel === "string" ? chosenModel : undefined;
  const condition = typeof chosenCondition === "string" ? chosenCondition : undefined;
  const fetcher = useFetcher<GuidanceView>();
  const { load } = fetcher;
  const grade = condition || "Good";
  const known = (view: GuidanceView | undefined) => {
    const subject = view?.guidanceFor;
    if (!view?.guidance || !subject || subject.model !== model || subject.condition !== grade) return null;
    return { guidance: view.guidance, name: subject.name };
  };
  const fromPage = known(page);
  useEffect(() => {
    if (!model || model === "other" || fromPage) return;
    load(`${path}?${new URLSearchParams({ model, condition: grade })}`);
  }, [path, model, grade, load, fromPage]);
  return fromPage ?? known(fetcher.data);
}
