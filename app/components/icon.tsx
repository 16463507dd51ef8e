/** The site's icons (the frame's and the Report flag), drawn once in a cached sprite (`/icons.svg`) instead of in every page. */
export type IconName = "logo" | "search" | "menu" | "facebook" | "instagram" | "youtube" | "flag";

export const ICON_SPRITE = "/icons.svg";

export function Icon({ name, size, className }: { name: IconName; size: number; className?: string }) {
  return (
    <svg width={size} height={size} aria-hidden="true" className={className}>
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}
