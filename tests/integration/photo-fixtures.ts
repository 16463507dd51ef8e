// Real photos for the tests: a 40×30 pattern in each accepted format (made once with sharp), so
// the Images binding decodes them as it would a seller's upload. Bigger photos are made from
// these by the binding itself (`largePhoto`).
import { testEnv } from "./test-env";

export type PhotoKind = "jpeg" | "png" | "webp" | "avif";

const BASE64: Record<PhotoKind, string> = {
  jpeg:
    "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBD" +
    "AQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAeACgD" +
    "ASIAAhEBAxEB/8QAFwABAQEBAAAAAAAAAAAAAAAABQAGB//EACUQAAAEBQMFAQAAAAAAAAAAAAEEEfAFISJBoQIDMVFhsdHhAP/E" +
    "ABcBAQEBAQAAAAAAAAAAAAAAAAYFBAj/xAAfEQABBAICAwAAAAAAAAAAAAAAAQMEBSExAmEREiL/2gAMAwEAAhEDEQA/AOCl4dxS" +
    "2GLJJMvDkSlsMWSl8vDuKWwxZJJl4ciUthiySSuzuzDX2OsgBeHcUthiySTLw7ilsMWSl8vDkSTYYslKZeHcUthiySmuzuxvX2Os" +
    "gBeHIkmwxZJX7Zl4dxS2GLJTfp/KdnYvYsfjYIXh3FLYYskky8O4k2GLJJ3YI6Q6S++vHZE9glpDpL768dkxOzVOXa+wXAEXhyJS" +
    "2GLJSmXh3EmwxZJO7BLSHSX3147InsEtIdJffXjskx2ao2r7BcAZeHcSbDFkpv2v2CWkOkvvrx2S/T+U1fIwYsF9D//Z",
  png:
    "iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAJTUlEQVRIxw3Poa6CAACGUZIj" +
    "GJyJ5AiGbyaSMxiYieQMBmYiOYOBmUiOYGAmkiMYnInkDAZmIrk/GJyJ5AgG5lPce97gGIZBy1DboGvIMugZ6hsMDDkGQ0Njg4kh" +
    "z2BqaG6wMBQYLA2tDTaGIoOtoZ3B3lBqcDB0NDgbyg0uhm4Gd0OlwcPQ0+BtqDL4GPoa/AwZhqmWSdtU18Qy1TPpmxqYOKaGJmNT" +
    "ExPP1NRkbmphEphamqxNbUwiU1uTnam9SWrqYHI0dTbJTV1MbqbuJqWph8nT1NukMvUx+Zr6mRhGh1ZH7Q7djqwOvY76HQYdOR2G" +
    "HY07TDryOkw7mndYdBR0WHa07rDpKOqw7WjXYd9R2uHQ0bHDuaO8w6WjW4d7R2WHR0fPDu+Oqg6fjr4dfp3/saWWRdtS18Ky1LPo" +
    "WxpYOJaGFmNLEwvP0tRibmlhEVhaWqwtbSwiS1uLnaW9RWrpYHG0dLbILV0sbpbuFqWlh8XT0tuisvSx+Fr6Wf9jm5attk3XlmXT" +
    "s9W3GdhybIa2xjYTW57N1NbcZmErsFnaWttsbEU2W1s7m72t1OZg62hztpXbXGzdbO62SpuHrafN21Zl87H1tfnZ/2PUgjbqgoV6" +
    "0EcDcNAQxmgCHprCHC0gQEtYow1EaAs7tIcUHeCIzpCjC9zQHUr0gCd6Q4U+8EU//scOLUdth64jy6HnqO8wcOQ4DB2NHSaOPIep" +
    "o7nDwlHgsHS0dtg4ihy2jnYOe0epw8HR0eHsKHe4OLo53B2VDg9HT4e3o8rh4+jr8HP+xyO1RrRH6o6wRuqN6I80GOGMNBwxHmky" +
    "whtpOmI+0mJEMNJyxHqkzYhopO2I3Uj7EelIhxHHkc4j8pEuI24j3UeUIz1GPEd6j6hG+oz4jvQb/Y9dWq7aLl1XlkvPVd9l4Mpx" +
    "Gboau0xceS5TV3OXhavAZelq7bJxFblsXe1c9q5Sl4Oro8vZVe5ycXVzubsqXR6uni5vV5XLx9XX5ef+jz21PNqeuh6Wp55H39PA" +
    "w/E09Bh7mnh4nqYec08Lj8DT0mPtaeMRedp67DztPVJPB4+jp7NH7unicfN09yg9PTyent4elaePx9fTz/sfz2jN1J7Rncma0Zup" +
    "P2MwkzNjONN4xmQmb8Z0pvmMxUzBjOVM6xmbmaIZ25l2M/YzpTMOMx1nnGfKZ1xmus24z1TOeMz0nPGeqZrxmek74zf7H/tq+bR9" +
    "dX0sXz2fvq+Bj+Nr6DP2NfHxfE195r4WPoGvpc/a18Yn8rX12fna+6S+Dj5HX2ef3NfF5+br7lP6evg8fb19Kl8fn6+vn/8/DmgF" +
    "agd0A1kBvUD9gEEgJ2AYaBwwCeQFTAPNAxaBgoBloHXAJlAUsA20C9gHSgMOgY4B50B5wCXQLeAeqAx4BHoGvANVAZ9A34Bf8D9e" +
    "qbWivVJ3hbVSb0V/pcEKZ6XhivFKkxXeStMV85UWK4KVlivWK21WRCttV+xW2q9IVzqsOK50XpGvdFlxW+m+olzpseK50ntFtdJn" +
    "xXel3+p/HNIK1Q7phrJCeqH6IYNQTsgw1DhkEsoLmYaahyxCBSHLUOuQTagoZBtqF7IPlYYcQh1DzqHykEuoW8g9VBnyCPUMeYeq" +
    "Qj6hviG/8H8cqRXRjtSNsCL1IvqRBhFOpGHEONIkwos0jZhHWkQEkZYR60ibiCjSNmIXaR+RRjpEHCOdI/JIl4hbpHtEGekR8Yz0" +
    "jqgifSK+kX7R/zimFasd041lxfRi9WMGsZyYYaxxzCSWFzONNY9ZxApilrHWMZtYUcw21i5mHyuNOcQ6xpxj5TGXWLeYe6wy5hHr" +
    "GfOOVcV8Yn1jfvH/OFEroZ2om2Al6iX0Ew0SnETDhHGiSYKXaJowT7RICBItE9aJNglRom3CLtE+IU10SDgmOifkiS4Jt0T3hDLR" +
    "I+GZ6J1QJfokfBP9kv9xSitVO6WbykrppeqnDFI5KcNU45RJKi9lmmqeskgVpCxTrVM2qaKUbapdyj5VmnJIdUw5p8pTLqluKfdU" +
    "Zcoj1TPlnapK+aT6pvzS/3GmVkY7UzfDytTL6GcaZDiZhhnjTJMML9M0Y55pkRFkWmasM20yokzbjF2mfUaa6ZBxzHTOyDNdMm6Z" +
    "7hllpkfGM9M7o8r0yfhm+mX/4xOtk9onuidZJ3on9U8MTnJODE8an5ic5J2YnjQ/sTgpOLE8aX1ic1J0YnvS7sT+pPTE4aTjifNJ" +
    "+YnLSbcT95PKE4+TnifeJ1UnPid9T/xO/+NcrZx2rm6OlauX0881yHFyDXPGuSY5Xq5pzjzXIifItcxZ59rkRLm2Obtc+5w01yHn" +
    "mOuck+e65Nxy3XPKXI+cZ653TpXrk/PN9cv/x1daV7WvdK+yrvSu6l8ZXOVcGV41vjK5yrsyvWp+ZXFVcGV51frK5qroyvaq3ZX9" +
    "VemVw1XHK+er8iuXq25X7leVVx5XPa+8r6qufK76Xvld/8eFWgXtQt0Cq1CvoF9oUOAUGhaMC00KvELTgnmhRUFQaFmwLrQpiApt" +
    "C3aF9gVpoUPBsdC5IC90KbgVuheUhR4Fz0LvgqrQp+Bb6Ff8j0tapdol3VJWSa9Uv2RQyikZlhqXTEp5JdNS85JFqaBkWWpdsikV" +
    "lWxL7Ur2pdKSQ6ljyblUXnIpdSu5lypLHqWeJe9SVcmn1LfkV/6PpZZoS11hST3RlwbCkYZiLE2EJ03FXFqIQFqKtbQRkbQVO2kv" +
    "UukgjtJZ5NJF3KS7KKWHeEpvUUkf8ZV++h+/aL3UftF9yXrRe6n/YvCS82L40vjF5CXvxfSl+YvFS8GL5UvrF5uXohfbl3Yv9i+l" +
    "Lw4vHV+cX8pfXF66vbi/VL54vPR88X6pevF56fvi9/ofV2pVtCt1K6xKvYp+pUGFU2lYMa40qfAqTSvmlRYVQaVlxbrSpiKqtK3Y" +
    "VdpXpJUOFcdK54q80qXiVuleUVZ6VDwrvSuqSp+Kb6Vf9T+uadVq13RrWTW9Wv2aQS2nZlhrXDOp5dVMa81rFrWCmmWtdc2mVlSz" +
    "rbWr2ddKaw61jjXnWnnNpdat5l6rrHnUeta8a1U1n1rfml/9P27Uamg36jZYjXoN/UaDBqfRsGHcaNLgNZo2zBstGoJGy4Z1o01D" +
    "1GjbsGu0b0gbHRqOjc4NeaNLw63RvaFs9Gh4Nno3VI0+Dd9Gv4Y/D7x3C2p2mAYAAAAASUVORK5CYII=",
  webp:
    "UklGRo4BAABXRUJQVlA4IIIBAABwCwCdASooAB4APm0qkkYkIiGhNVQIAIANiWocAcf50D//8wB////+H0VO0ivqH5GYAG+n+AfD" +
    "vsxzgP+VtA2wJPm/zT/+n8Zb9yb/w6Br//k8KMzrrosVGr/pZpZLGTUutqHwAP7+c+KT8W05fndVR8sI5IyuGMUKpVHx/ZdSq9X5" +
    "OKyRlcMY3FNKiPP/5nvE7A+/H1fKeDtiiFKGBn5b/6//9ckv42L//J3+k6cSdj5c0R3km9jIXJS0MPrrTlElJ1uZC5KWg7x6dWSa" +
    "aCYD25c7PUXp6UZGSFdsFFz0sJ16ImWOBRbzvpImvCkbu+NvYzDRcngeeTNHy1V42V848ky+fA6OibE08xdwk8bK+ceRucgOrNbi" +
    "GOEXoLrGJn6KUjtVrVc0NTtloTszMa+2V9hqYnkmXxtq9X5OKoPHDGKFUqj05azDrE391EUFg4LbD46cB2OHCpJyKR0KvdpLZZMv" +
    "tz4zCMjQSTi00wqb7fEpc2fUXR9KkysgW/Zi+4AAAA==",
  avif:
    "AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAA" +
    "ACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAANwAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRt" +
    "AAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAACgAAAAeAAAAEHBpeGkAAAAAAwgICAAAABZp" +
    "cG1hAAAAAAAAAAEAAQOBAgMAAADkbWRhdBIACgk4FSfrSAhoNIAyzAEXgmMEwAAyuOAAAMeQ8KKjGMv/rYb3BXHRJ1+9MlUiwA+B" +
    "+tsTMk45dR3xe08DQYUhhRKNsv////NSEl8S7NKlDCnvo901P5ndrVk9AD+WOyADaHfU4K5lB43+l6vzXF3//dKhD6JBGtO9AQXQ" +
    "CExj/UdMqenssGL/63QwXlJ4FFhJPUuTWdid4KYf1iOxIt4eGym4BPQFOwL5HPOh5/dT2lp6x6B41Gms2A/dG546Lw7PJd69QqAC" +
    "dUkWVxxjnYY+q/55td+0AbogE2A=",
};

export const FIXTURE_SIZE = { width: 40, height: 30 } as const;

/** A small real photo of that kind. */
export function realPhoto(kind: PhotoKind): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(BASE64[kind]), (char) => char.charCodeAt(0));
}

/** A real photo of this size and kind, drawn from the small one by the Images binding. */
export async function largePhoto(width: number, height: number, kind: "jpeg" | "png" | "webp" = "jpeg") {
  const result = await testEnv.IMAGES.input(new Blob([realPhoto("png")]).stream())
    .transform({ width, height, fit: "squeeze" })
    .output({ format: `image/${kind}` });
  return new Uint8Array(await result.response().arrayBuffer());
}
