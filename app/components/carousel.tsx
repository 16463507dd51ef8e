import { useEffect, useRef } from "react";
import * as styles from "./carousel.css";

export const COVERS = [
  "Cameras ready for a second life",
  "Lenses for every kind of light",
  "Steady shots on a budget",
  "Batteries and power, tested",
  "Memory cards with room to spare",
  "Straps that carry all day",
  "Bags that protect your kit",
] as const;

const WIDTHS = [480, 800, 960, 1600] as const;
const AUTOPLAY_MS = 3000;

const srcSet = (index: number) =>
  WIDTHS.map((width) => `/covers/cover-${index + 1}-${width}.webp ${width}w`).join(", ");

/**
 * A thumbnail's width follows `thumbs` in carousel.css.ts. It offers the slides' files, so where a
 * thumbnail is as wide as its slide (one visible on a phone) the browser fetches one file for both.
 */
const THUMB_SIZES = "(min-width: 1024px) calc(min(100vw, 72rem) / 7), (min-width: 768px) 25vw, 100vw";

/**
 * A CSS scroll-snap strip with thumbnail links: complete without JavaScript. With JavaScript it
 * advances every 3 seconds, pausing on hover and focus and for users who prefer less motion.
 */
export function Carousel() {
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = strip.current;
    if (!element) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let paused = false;
    const pause = () => (paused = true);
    const resume = () => (paused = false);
    const parent = element.parentElement ?? element;
    parent.addEventListener("mouseenter", pause);
    parent.addEventListener("mouseleave", resume);
    parent.addEventListener("focusin", pause);
    parent.addEventListener("focusout", resume);
    const timer = window.setInterval(() => {
      if (paused || document.hidden) return;
      const width = element.clientWidth;
      const next = Math.round(element.scrollLeft / width) + 1;
      element.scrollTo({ left: (next % COVERS.length) * width, behavior: "smooth" });
    }, AUTOPLAY_MS);
    return () => {
      window.clearInterval(timer);
      parent.removeEventListener("mouseenter", pause);
      parent.removeEventListener("mouseleave", resume);
      parent.removeEventListener("focusin", pause);
      parent.removeEventListener("focusout", resume);
    };
  }, []);

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="Featured gear">
      {/* Focusable, so that the arrow keys scroll the strip too. */}
      <div ref={strip} className={styles.strip} tabIndex={0} role="group" aria-label="Slides">
        {COVERS.map((caption, index) => (
          <figure
            key={caption}
            id={`cover-${index + 1}`}
            className={styles.slide}
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${COVERS.length}`}
          >
            <img
              src={`/covers/cover-${index + 1}-960.webp`}
              srcSet={srcSet(index)}
              sizes="(min-width: 72rem) 72rem, 100vw"
              width={1600}
              height={900}
              alt={caption}
              className={styles.image}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : "low"}
              decoding={index === 0 ? "sync" : "async"}
            />
            <figcaption className={styles.caption}>{caption}</figcaption>
          </figure>
        ))}
      </div>
      <nav aria-label="Choose a slide" className={styles.thumbs}>
        {COVERS.map((caption, index) => (
          <a key={caption} href={`#cover-${index + 1}`} className={styles.thumb}>
            <img
              src={`/covers/cover-${index + 1}-480.webp`}
              srcSet={srcSet(index)}
              sizes={THUMB_SIZES}
              width={480}
              height={270}
              alt=""
              loading="lazy"
              decoding="async"
              className={styles.thumbImage}
            />
            <span className={styles.thumbLabel}>{caption}</span>
          </a>
        ))}
      </nav>
    </section>
  );
}
