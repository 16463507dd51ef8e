// Selects and file inputs drawn as ours. A module of its own: only the pages with these
// controls load it (the home page's CSS budget stays for what the home page shows).
import { globalStyle } from "@vanilla-extract/css";
import { vars } from "#app/styles/theme.css";
import { CONTROL_HEIGHT, input } from "./forms.css";

// The chevron is two triangles of a gradient: no image, nothing to load.
globalStyle(`select${input}`, {
  appearance: "none",
  paddingRight: "2.5rem",
  backgroundImage:
    "linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%)",
  backgroundPosition: "calc(100% - 1.1rem) 52%, calc(100% - 0.75rem) 52%",
  backgroundSize: "0.35rem 0.35rem",
  backgroundRepeat: "no-repeat",
  cursor: "pointer",
});

// The file input: the browser's button drawn as our secondary button, the file's name beside it.
globalStyle(`input[type='file']${input}`, {
  height: "auto",
  minHeight: CONTROL_HEIGHT,
  padding: vars.space.xs,
  borderStyle: "dashed",
  background: vars.color.surfaceAlt,
  cursor: "pointer",
});

globalStyle(`${input}::file-selector-button`, {
  minHeight: "2.25rem",
  marginRight: vars.space.sm,
  padding: `0 ${vars.space.md}`,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.brandStrong,
  font: "inherit",
  fontWeight: 600,
  cursor: "pointer",
});

globalStyle(`${input}::file-selector-button:hover`, { background: vars.color.brandSoft });
