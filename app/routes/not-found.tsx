import type { MetaFunction } from "react-router";
import { useRouteError } from "react-router";
import { ErrorPage } from "#app/components/error-page";
import { notFound } from "#app/server/http.server";
import { pageMeta } from "#app/utils/seo";

export const meta: MetaFunction = () => pageMeta("Pay&Buy Not Found", "This page does not exist on Pay&Buy.");

// Every unknown URL lands here and answers with a real 404.
export async function loader() {
  throw notFound();
}

export async function action() {
  throw notFound();
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
