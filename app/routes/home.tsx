import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { Carousel, COVERS } from "#app/components/carousel";
import { ListingCards } from "#app/components/listing-cards";
import { StorefrontDialogs } from "#app/components/storefront-dialogs";
import { loadStorefront, toCardView } from "#app/domain/catalog/catalog.server";
import { BUYER_PROTECTION_PATH, protectionLine } from "#app/domain/deals/claims/protection-words";
import { button, container, eyebrow, grid, section } from "#app/styles/utilities.css";
import { cameraSearch } from "#app/utils/camera-urls";
import { originFrom, publicPageMeta } from "#app/utils/seo";
import { handleStorefrontAction, loadStorefrontShell } from "#app/utils/storefront.server";
import { database } from "#db/client";
import * as styles from "./home.css";

// Both / and /home are the home page: one canonical URL, and the first cover of the carousel as
// the picture of a shared link (there is no page per listing to share).
export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: "Pay&Buy Home",
    description:
      "Buy and sell second-hand cameras, lenses, tripods and bags with verified sellers. Book an item and pay by card on Pay&Buy.",
    origin: originFrom(matches),
    path: "/",
    image: { path: "/covers/cover-1-1600.webp", alt: COVERS[0] },
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const allCategories = url.searchParams.get("categories") === "all";
  const [storefront, { fitCamera, ...shell }] = await Promise.all([
    loadStorefront(database(context.env.DB), { allCategories }),
    loadStorefrontShell(request, context),
  ]);
  return {
    ...storefront,
    // What a category's card shows (the page's data is sent again for hydration: no ids).
    categories: storefront.categories.map(({ slug, title, imagePath }) => ({ slug, title, imagePath })),
    // A lens card says whether it fits the visitor's camera (from the URL, or the account's).
    advertised: storefront.advertised.map((card) => toCardView(card, { camera: fitCamera, viewer: shell.viewer })),
    ...shell,
    allCategories,
    protectionDays: context.env.settings.BUYER_PROTECTION_DAYS,
    currentYear: new Date().getUTCFullYear(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleStorefrontAction(request, context);
}

/**
 * The spec's three steps, told as the product works today: meetups and parcels, the held payment,
 * its window, tracking and claims (the buyer-protection page tells all of it, ADR 0099).
 */
function steps(protectionDays: number) {
  return [
    {
      title: "Find Your Local Community",
      text: "Browse cameras, lenses and accessories listed by photographers near you, to collect in person or to have sent by post.",
    },
    {
      title: "Get verified",
      text: "Get verified by connecting with a social account and admin review.",
    },
    {
      title: "Buy and Sell safely",
      text: `Buy and Sell safely with verified people: book an item and pay by card. ${protectionLine(protectionDays)}`,
    },
  ] as const;
}

export default function Home() {
  const { categories, categoryCount, advertised, allCategories, currentYear, viewer, dialogs, camera, protectionDays } =
    useLoaderData<typeof loader>();
  return (
    <>
      <div className={`${container} ${styles.hero}`}>
        <h1 className={styles.heroTitle}>Second-hand camera gear, from people you can trust</h1>
        <Carousel />
      </div>

      <section className={`${container} ${section}`} aria-labelledby="categories-heading">
        <span className={eyebrow}>Categories</span>
        <h2 id="categories-heading">Explore Popular Categories</h2>
        <ul className={`${grid} ${styles.plainList}`}>
          {categories.map((category) => (
            <li key={category.slug} className={styles.categoryCard}>
              {category.imagePath ? (
                <img
                  src={category.imagePath}
                  alt=""
                  width={400}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className={styles.categoryImage}
                />
              ) : null}
              <div className={styles.categoryBody}>
                <h3>{category.title}</h3>
                <Link
                  to={`/products/${encodeURIComponent(category.slug)}`}
                  className={button.secondary}
                  aria-label={`More Product: ${category.title}`}
                >
                  More Product
                </Link>
              </div>
            </li>
          ))}
        </ul>
        {!allCategories && categoryCount > categories.length ? (
          <p className={styles.center}>
            <Link to="?categories=all#categories-heading" className={button.primary} preventScrollReset>
              More Category
            </Link>
          </p>
        ) : null}
      </section>

      <section className={`${styles.band} ${section}`} aria-labelledby="advertisement-heading">
        <div className={container}>
          <span className={eyebrow}>Advertisement</span>
          <h2 id="advertisement-heading">Sell simply, Buy safely.</h2>
          {advertised.length === 0 ? (
            <p>No advertised products right now. Check the categories above.</p>
          ) : (
            <ListingCards
              products={advertised}
              viewer={viewer}
              currentYear={currentYear}
              linkSearch={cameraSearch(camera)}
            />
          )}
        </div>
      </section>

      <section className={`${container} ${section}`} aria-labelledby="how-heading">
        <span className={eyebrow}>Three steps</span>
        <h2 id="how-heading">How it Works</h2>
        <ol className={`${grid} ${styles.steps}`}>
          {steps(protectionDays).map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className={styles.protectionLink}>
          <Link to={BUYER_PROTECTION_PATH}>How buyer protection works</Link>
        </p>
      </section>
      <StorefrontDialogs dialogs={dialogs} />
    </>
  );
}
