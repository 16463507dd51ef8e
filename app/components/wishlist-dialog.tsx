import { Form } from "react-router";
import type { WishlistDialogData } from "#app/utils/storefront.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { DialogActions, ListingGone, UrlDialog } from "./dialog";

/**
 * "Add to your wishlist?" after a sign-in that started from Add Wishlist: the buyer finishes what
 * they began with one click (a POST, like the card's own button).
 */
export function WishlistDialog({ dialog }: { dialog: WishlistDialogData }) {
  const submitting = useIsPending({ intent: "wishlist-add" });
  const { product, closeHref } = dialog;
  return (
    <UrlDialog title="Add to your wishlist" closeHref={closeHref}>
      {product ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="wishlist-add" />
          <input type="hidden" name="productId" value={product.id} />
          <p>Keep {product.name} in your wishlist, to book or pay for it later?</p>
          <DialogActions closeHref={closeHref} close="Cancel" submit="Add Wishlist" pending={submitting} autoFocus />
        </Form>
      ) : (
        <ListingGone closeHref={closeHref} />
      )}
    </UrlDialog>
  );
}
