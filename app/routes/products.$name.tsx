import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { database } from "../../db/client";
import { findCategoryBySlug } from "../domain/catalog.server";
import { container, eyebrow, section } from "../styles/utilities.css";
import { requireUser } from "../utils/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Pay&Buy ${data?.category?.title ?? "Category Not Found"}` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const category = await findCategoryBySlug(database(context.env.DB), params.name ?? "");
  return data({ category }, { status: category ? 200 : 404 });
}

export default function CategoryProducts() {
  const { category } = useLoaderData<typeof loader>();
  return (
    <section className={`${container} ${section}`} aria-labelledby="category-title">
      <span className={eyebrow}>Shop By Category</span>
      <h1 id="category-title">{category?.title ?? "Category Not Found"}</h1>
    </section>
  );
}
