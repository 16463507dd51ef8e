import { useNavigation } from "react-router";

export type PendingOptions = {
  /** Only a form sent to this path (its search left aside: /login?redirectTo=… is /login). */
  formAction?: string;
  /** Only a form with this `intent` (or one of these). */
  intent?: string | readonly string[];
  /** Only a form carrying this field with this value (the row's id, of a form repeated per row). */
  field?: readonly [name: string, value: string];
  /**
   * "submitting" (the default): until the action answers. "non-idle": also while the page the
   * action leads to loads, for a button that must stay disabled until the row it acts on is gone.
   */
  state?: "submitting" | "non-idle";
};

/**
 * Whether a form of the page is on its way (a POST through the page's navigation), narrowed to
 * the form a button belongs to: the one check every form's Submit uses to disable itself and say
 * so. Without JavaScript nothing is ever pending; the browser shows its own progress.
 */
export function useIsPending({ formAction, intent, field, state = "submitting" }: PendingOptions = {}): boolean {
  const navigation = useNavigation();
  const active = state === "submitting" ? navigation.state === "submitting" : navigation.state !== "idle";
  if (!active || navigation.formMethod?.toUpperCase() !== "POST") return false;
  if (formAction !== undefined && navigation.formAction?.split("?")[0] !== formAction) return false;
  const data = navigation.formData;
  if (intent !== undefined) {
    const sent = data?.get("intent");
    if (typeof sent !== "string" || !(typeof intent === "string" ? [intent] : intent).includes(sent)) return false;
  }
  if (field !== undefined && data?.get(field[0]) !== field[1]) return false;
  return true;
}
