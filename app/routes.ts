import { type RouteConfig, index, route } from "@remix-run/route-config";

export default [
  index("routes/home.tsx", { id: "routes/index" }),
  route("home", "routes/home.tsx", { id: "routes/home" }),
  route("blog", "routes/blog.tsx"),
  route("about", "routes/about.tsx"),
  route("subscribe", "routes/subscribe.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
