export interface ArticleSection {
  heading?: string;
  paragraphs: string[];
  code?: { language: string; source: string };
}

export interface Article {
  slug: string;
  title: string;
  summary: string;
  publishedOn: string; // YYYY-MM-DD
  readingMinutes: number;
  author: string;
  sections: ArticleSection[];
}

export const articles: Article[] = [
  {
    slug: "state-management-in-react-apps",
    title: "State Management in React Apps: Put Each Piece Where It Belongs",
    summary:
      "Most state bugs come from keeping data in the wrong place. A practical tour of local state, lifted state, context, URL and server state, and the point where a library like Redux or Zustand starts to pay for itself.",
    publishedOn: "2026-01-21",
    readingMinutes: 4,
    author: "Pay&Buy engineering",
    sections: [
      {
        heading: "Start with the state you actually have",
        paragraphs: [
          "When people talk about state management in React they often jump straight to libraries. In our experience the more useful question comes first: what kind of state is this, and who needs it? On a marketplace like ours, almost everything falls into one of four buckets. There is UI state, such as whether a dropdown is open. There is shared client state, such as a half-filled listing form that several components edit. There is server state, such as the listings in a category or the items on your wishlist. And there is URL state, such as the selected category, the sort order and the current page.",
          "Each bucket has a natural home. Most of the pain we have seen, both in our own code and in code we have inherited, came from forcing one kind of state into another kind's home: copying server data into a global store, or hiding filters in component state so that the back button and shared links stopped working.",
        ],
      },
      {
        heading: "Local state, then lift it",
        paragraphs: [
          "The default should be useState inside the component that uses the value. A toggle for the lens specification table does not need to be visible to the rest of the app, and keeping it local means nothing else re-renders when it changes and nobody else can break it.",
          "When two siblings need the same value, move it up to their nearest common parent and pass it down as props, along with a callback to change it. This is called lifting state up, and it covers far more cases than people expect. Passing a prop through two or three layers is not a problem to solve; it is an explicit, searchable dependency. We only start looking for alternatives when the same value is threaded through many components that do nothing with it except hand it on.",
        ],
      },
      {
        heading: "Context is a delivery mechanism",
        paragraphs: [
          "React context lets a value skip the intermediate layers. It works well for things that many components read and that rarely change: the signed-in user, the locale, the currency format, a theme. It is worth being clear that context is not a state manager by itself. It only transports a value; the state still lives in a useState or useReducer somewhere above the provider.",
          "The cost is that every component that consumes a context re-renders when its value changes. For a theme that changes once a session this is irrelevant. For a value that changes on every keystroke it can become noticeable. Splitting one large context into a few smaller ones, and keeping fast-changing values out of context altogether, solves most of these problems before they appear.",
        ],
      },
      {
        heading: "Let the URL and the server hold the rest",
        paragraphs: [
          "Remix changed how much client state we keep. A route's loader runs on the server, reads whatever it needs from the request, and hands the result to the component through useLoaderData. Filters live in the query string, so a search for used medium format lenses can be bookmarked, shared and restored with the back button. After a form submission is handled by an action, Remix revalidates the loaders on the page, so the data on screen is refreshed without us maintaining a client-side cache and remembering to invalidate it.",
          "In practice this removes a whole category of code. There is no loading flag to track, no duplicated copy of the listings to keep in sync, and no question of which component fetched what first.",
        ],
        code: {
          language: "ts",
          source: `export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const category = url.searchParams.get("category") ?? "all";
  const listings = await findListings({ category });
  return { category, listings };
}`,
        },
      },
      {
        heading: "When a library pays off",
        paragraphs: [
          "None of this makes Redux or Zustand obsolete. They earn their place when you have a lot of client-only state that is shared across distant parts of the app and updated in complicated ways: a photo editor with layers and undo, a drag-and-drop board, a long offline-capable form. In those cases a single store with clear update rules, selectors that limit re-renders, and good developer tools is genuinely easier to reason about than a web of contexts. Zustand is a light way to get there; Redux Toolkit adds more structure and conventions, which helps larger teams.",
          "Our rule of thumb is simple. Keep state local until it hurts, lift it until the props become noise, use context for slow-changing values, and let the URL and the server own everything they can. If, after all that, a large amount of interactive client state remains, that is the moment to reach for a library, and you will know exactly what problem you are asking it to solve.",
        ],
      },
    ],
  },
  {
    slug: "prototypal-inheritance-in-javascript",
    title: "Prototypal Inheritance in JavaScript, Without the Mystery",
    summary:
      "JavaScript objects delegate to other objects. Once you see the prototype chain clearly, constructor functions, class syntax, property shadowing and a handful of classic bugs all make sense.",
    publishedOn: "2026-02-11",
    readingMinutes: 4,
    author: "Pay&Buy engineering",
    sections: [
      {
        heading: "Objects that delegate",
        paragraphs: [
          "Every ordinary JavaScript object has a hidden link to another object, or to null. The specification calls this link [[Prototype]], and you can read it with Object.getPrototypeOf. When you read a property, the engine first looks at the object itself. If the property is not there, it follows the link and looks again, and keeps going until it either finds the property or reaches null, in which case the result is undefined. That sequence of linked objects is the prototype chain.",
          "This is the whole idea. There are no copies of methods being stamped onto each object; there is delegation. An object says, in effect, if you ask me for something I do not have, ask my prototype.",
        ],
        code: {
          language: "js",
          source: `const gear = { describe() { return this.brand + " " + this.model; } };
const lens = Object.create(gear);
lens.brand = "Canon";
lens.model = "EF 50mm f/1.8";
lens.describe(); // "Canon EF 50mm f/1.8"
Object.getPrototypeOf(lens) === gear; // true`,
        },
      },
      {
        heading: "Object.create and constructor functions",
        paragraphs: [
          "Object.create(proto) is the most direct way to build a chain: it returns a new, empty object whose prototype is proto. In the example above, lens has no describe method of its own, but the lookup finds it on gear, and because describe is called as lens.describe(), the value of this inside it is lens.",
          "Before classes existed, the common pattern was a constructor function called with new. Calling new Camera() does four things: it creates a fresh object, sets that object's prototype to Camera.prototype, runs Camera with this bound to the new object, and returns it unless the function explicitly returns another object. Methods are placed on Camera.prototype, so thousands of instances share a single copy of each method while keeping their own data.",
        ],
      },
      {
        heading: "Class syntax is the same machinery",
        paragraphs: [
          "The class keyword, added in ES2015, did not introduce a new object model. Methods declared in a class body end up on the class's prototype object, exactly as if you had assigned them by hand. Writing class Mirrorless extends Camera links Mirrorless.prototype to Camera.prototype, so instances find inherited methods, and also links the Mirrorless constructor to Camera, so static methods are inherited too.",
          "Classes do tidy up some rough edges. A class cannot be called without new, its body always runs in strict mode, and its methods are not enumerable, so they do not show up in a for...in loop. Private fields such as #serialNumber are a genuinely different feature: they live on each instance and are never looked up through the prototype chain.",
        ],
      },
      {
        heading: "Lookup, writes and shadowing",
        paragraphs: [
          "Reading walks the chain, but writing usually does not. Assigning lens.brand creates or updates a property on lens itself, even if a brand property exists further up. The new own property shadows the inherited one, which stays untouched for every other object that shares the prototype.",
          "There are two exceptions worth knowing. If the chain contains a setter for that name, the setter is called instead of creating an own property. If the chain contains a non-writable property with that name, the assignment fails: silently in sloppy mode and with a TypeError in strict mode. To tell own properties from inherited ones, use Object.hasOwn(obj, key); the in operator checks the whole chain.",
        ],
      },
      {
        heading: "Pitfalls we have actually hit",
        paragraphs: [
          "The classic one is putting a mutable value on a prototype. An array defined on the prototype is shared by every instance, so pushing to it from one object changes what all the others see. Keep per-instance data in the constructor and share only behaviour. Another is losing this: passing camera.describe as a callback detaches it from camera, so inside the method this is undefined in strict code. Bind it, or wrap the call in an arrow function.",
          "Finally, be careful with objects built from user input. Merging parsed JSON into an object with a naive recursive function can write through a __proto__ key and modify Object.prototype for the whole process, a bug known as prototype pollution. Using Map for dictionaries, or objects created with Object.create(null), and refusing special keys during merges closes that door. Modifying built-in prototypes on purpose is rarely worth it either; it makes every other piece of code depend on your change.",
        ],
      },
    ],
  },
  {
    slug: "unit-tests-that-earn-their-keep",
    title: "Unit Tests That Earn Their Keep",
    summary:
      "What a unit really is, how arrange-act-assert keeps tests readable, why tests should check behaviour rather than implementation, when to use test doubles, how to spot tests that cannot fail, and where integration and end-to-end tests fit.",
    publishedOn: "2026-03-04",
    readingMinutes: 4,
    author: "Pay&Buy engineering",
    sections: [
      {
        heading: "What counts as a unit",
        paragraphs: [
          "A unit is not necessarily a single function or a single class. A more useful definition is a piece of behaviour that you can exercise quickly, in isolation from things that are slow or unpredictable, such as the network, the database and the clock. Calculating a seller's payout after fees is a unit. Deciding how many years of use a camera has had is a unit. Rendering a price with the right currency symbol is a unit, even if three small helper functions cooperate to produce it.",
          "Thinking in behaviours rather than files changes what you write. Instead of one test file per module that mirrors its internal structure, you end up with tests that describe what the code promises to its callers. Those promises are what you want to protect.",
        ],
      },
      {
        heading: "Arrange, act, assert",
        paragraphs: [
          "Most good unit tests share the same three-part shape. First you arrange the inputs and any collaborators. Then you act by calling the code under test, ideally exactly once. Finally you assert on the result. Keeping the parts visually separate makes a failing test easy to read months later, and a test that needs several acts is usually several tests in disguise.",
          "Names matter as much as structure. A test called works tells you nothing when it fails; a test called counts one year of use for last year's purchase tells you which rule broke. The example below is simplified, but the shape is the one we use everywhere.",
        ],
        code: {
          language: "ts",
          source: `it("counts one year of use for last year's purchase", () => {
  const purchaseYear = 2025;                      // arrange
  const label = yearsOfUse(purchaseYear, 2026);   // act
  expect(label).toBe("1 year");                   // assert
});`,
        },
      },
      {
        heading: "Test behaviour, not implementation",
        paragraphs: [
          "A test should fail when the behaviour is wrong and pass when it is right, regardless of how the code achieves it. If renaming a private helper, replacing a loop with a reduce, or splitting a function in two breaks your tests, they are checking implementation. Such tests make refactoring more expensive while catching few real bugs, and teams learn to update them mechanically, which defeats their purpose.",
          "In practice this means asserting on return values, on the state that callers can observe, and on effects at the edges of the system, such as the email that was queued or the row that was written. It also means being careful with large snapshots: they are easy to create and easy to approve without reading.",
        ],
      },
      {
        heading: "Test doubles, used sparingly",
        paragraphs: [
          "Test doubles replace real collaborators. A stub returns canned answers, a fake is a working but simplified implementation such as an in-memory repository, a spy records how it was called, and a mock is a double that the test sets expectations on. They are essential when the real thing is slow, costly or nondeterministic, like a payment provider or the current time.",
          "We prefer fakes over mocks, and we prefer to pass dependencies in rather than patch modules. A function that takes a clock argument can be tested with a fixed date without any mocking library. Verifying that a mock was called with exact arguments is sometimes right, for example when the call to the payment provider is the behaviour. More often it couples the test to the implementation again.",
        ],
      },
      {
        heading: "Tests that cannot fail, and where the others fit",
        paragraphs: [
          "The most dangerous test is one that passes no matter what. Common causes are an async test that never awaits the promise it checks, an assertion inside a callback that never runs, a mock configured to return exactly the value the test then asserts, or a test with no assertion at all. A cheap habit catches most of them: when you write a test, break the code briefly and watch the test go red. Mutation testing tools automate the same idea.",
          "Unit tests cannot tell you whether your SQL query matches the real schema or whether the checkout page works in a browser. Integration tests cover the first kind of question by running code against a real database or service. End-to-end tests cover the second by driving the app like a user would. They are slower and more fragile, so we keep them for the flows that matter most, like booking an item and paying for it, and let a broad base of fast unit tests handle the rules underneath.",
        ],
      },
    ],
  },
  {
    slug: "comparing-front-end-frameworks",
    title: "React, Vue, Svelte, Angular or Solid? Comparing Front-End Frameworks",
    summary:
      "A practical comparison of five popular front-end frameworks: how they update the page, how they handle server rendering and progressive enhancement, what they cost in bundle size, how big their ecosystems are, and how to choose between them.",
    publishedOn: "2026-03-25",
    readingMinutes: 4,
    author: "Pay&Buy engineering",
    sections: [
      {
        heading: "Why the comparison is harder than it looks",
        paragraphs: [
          "Every framework on this list can build a fast, accessible marketplace. The differences that matter are less about raw capability and more about how each one models change, how much work happens on the server versus the browser, and how much help you get from the surrounding ecosystem. Benchmarks capture a small part of that, and they rarely resemble the app you are actually building.",
        ],
      },
      {
        heading: "Rendering models",
        paragraphs: [
          "React re-runs a component function whenever its state or props change, produces a new virtual DOM tree, and applies the difference to the real DOM. The model is easy to explain, and the React Compiler can now add memoization automatically, but by default more code runs on each update than strictly necessary. Vue also uses a virtual DOM, but its reactivity system tracks which data each component reads, so only affected components re-render, and its template compiler marks static parts that never need diffing.",
          "Svelte moves much of the work to build time. The compiler turns components into code that updates the DOM directly, and since Svelte 5 reactivity is expressed with runes such as $state and $derived, which are built on signals. Solid uses JSX like React, but a component function runs only once; signals connect each piece of data to the exact DOM nodes that depend on it. Angular historically relied on zone.js to trigger change detection across the component tree and has been moving toward signals and a zoneless mode for finer-grained updates.",
        ],
        code: {
          language: "tsx",
          source: `// React: the whole function runs again on every click
function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>{count}</button>;
}

// Solid: the function runs once; only the text node updates
function Counter() {
  const [count, setCount] = createSignal(0);
  return <button onClick={() => setCount(count() + 1)}>{count()}</button>;
}`,
        },
      },
      {
        heading: "Server rendering and progressive enhancement",
        paragraphs: [
          "For a marketplace, server rendering is not optional. Listings need to be indexable, and people on slow mobile connections should see a product page before the JavaScript arrives. Each framework has an answer: Next.js and Remix or React Router for React, Nuxt for Vue, SvelteKit for Svelte, SolidStart for Solid, and built-in server rendering in Angular. They differ in how much they lean on the web platform itself.",
          "Progressive enhancement means the page works with plain HTML links and forms, and JavaScript makes it smoother when it loads. Remix and SvelteKit both treat this as a core idea: a form posts to the server and the framework upgrades it to a fetch with pending states when scripts are available. That was a large part of why we picked Remix. Booking an item still works on a flaky connection or an old phone.",
        ],
      },
      {
        heading: "Bundle size and ecosystem",
        paragraphs: [
          "Svelte and Solid ship very small runtimes, and Vue's is moderate. React and React DOM have a larger fixed cost, and Angular's is larger still, although it tree-shakes well. For a small site that baseline is noticeable. For a large app, your own code and third-party libraries usually outweigh the framework, so code splitting and discipline about dependencies matter more than the initial number.",
          "Ecosystem pulls in the other direction. React has the largest pool of component libraries, examples and developers, which shortens hiring and makes obscure problems more likely to have a published answer. Vue's ecosystem is mature and well documented. Angular includes routing, forms, an HTTP client and dependency injection out of the box, which large teams appreciate. Svelte and Solid have enthusiastic but smaller communities, so expect to write more integration code yourself.",
        ],
      },
      {
        heading: "How to choose",
        paragraphs: [
          "Start with your constraints rather than the frameworks. What does your team already know? Do you need server rendering and forms that work without JavaScript? Where will you deploy, and does the meta-framework support that runtime? How long will the app live, and who will maintain it? Then build the same real screen, not a counter, in your two strongest candidates, and compare how the code reads a week later. The framework that makes your actual problems boring is usually the right one.",
        ],
      },
    ],
  },
];
