import * as styles from "./layout.css";

// Runs in <head> before the body paints: shows the splash for one second, once per browser
// session. Without JavaScript the class is never added and the splash never shows.
export const SPLASH_SCRIPT =
  "(function(){try{if(sessionStorage.getItem('pb-splash'))return;sessionStorage.setItem('pb-splash','1');" +
  "var d=document.documentElement;d.classList.add('splash');" +
  "setTimeout(function(){d.classList.remove('splash')},1000)}catch(e){}})();";

export function Splash() {
  return (
    <div className={styles.splash} aria-hidden="true">
      <div className={styles.spinner} />
      <strong>Pay&amp;Buy</strong>
    </div>
  );
}
