import { type RouteConfig, index, route } from "@remix-run/route-config";

export default [
  index("routes/home.tsx", { id: "routes/index" }),
  route("home", "routes/home.tsx", { id: "routes/home" }),
  route("blog", "routes/blog.tsx"),
  route("about", "routes/about.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("logout", "routes/logout.tsx"),
  route("auth/google", "routes/auth.google.tsx"),
  route("auth/google/callback", "routes/auth.google.callback.tsx"),
  route("subscribe", "routes/subscribe.tsx"),
  route("products/:name", "routes/products.$name.tsx"),
  route("dashboard", "routes/dashboard.tsx", [
    index("routes/dashboard._index.tsx"),
    route("all_sellers", "routes/dashboard.all_sellers.tsx"),
    route("all_buyers", "routes/dashboard.all_buyers.tsx"),
    route("reported_items", "routes/dashboard.reported_items.tsx"),
    route("add_product", "routes/dashboard.add_product.tsx"),
    route("my_product", "routes/dashboard.my_product.tsx"),
    route("my_buyer", "routes/dashboard.my_buyer.tsx"),
    route("my_orders", "routes/dashboard.my_orders.tsx"),
    route("wishlist", "routes/dashboard.wishlist.tsx"),
    route("payment/:id", "routes/dashboard.payment.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
