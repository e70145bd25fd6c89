/**
 * What the first page of a funnel downloads, and what waits for the visitor: the page a visitor arrives on
 * loads the code that draws it, and the code only Next needs (the Next press's own, validation, the next
 * step's lazily loaded blocks) loads at their first action, before Next. Walked on test-only funnels (written
 * below, never shipped): a first step with one required field, a second with an info card (a lazily loaded
 * block); one whose second step asks for an email address and a checkbox (kinds of control made ready ahead);
 * one whose first step has no field, so react-hook-form waits for the visitor too; and one whose first step
 * has the address search beside a field, typed into before the page's script has run.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { startDefinitionsServer, type DefinitionsServer } from "./support/definitionsServer";

const FUNNEL = {
  version: "firstload",
  title: "First-load fixture",
  description: "Two steps: a required field, then an info card.",
  routing: { path: "firstload", unknownStep: "firstStep" },
  navigation: { nextLabel: "Next", busyLabel: "Working...", submitLabel: "Send", backLabel: "Back", firstStepBack: "hidden" },
  layout: { showProgress: true },
  fields: {
    "car.colour": {
      kind: "text",
      label: "Colour of your car",
      rules: [
        { rule: "required", message: "Enter the colour of your car" },
        { rule: "maxLength", value: 20, message: "Colour must be 20 characters or fewer" },
      ],
    },
  },
  steps: [
    {
      id: "colour",
      title: "Your car's colour",
      blocks: [
        { type: "heading", props: { text: "What colour is your car?" } },
        { type: "textInput", props: { field: "car.colour" } },
      ],
    },
    {
      id: "thanks",
      title: "Thanks",
      blocks: [
        { type: "heading", props: { text: "Thank you" } },
        { type: "infoCard", props: { title: "What happens next", paragraphs: ["We check your agreements."] } },
      ],
    },
  ],
};

/** The same steps after a first step of copy and a button: no field, so no react-hook-form to start with. */
const WITH_INTRO = {
  ...FUNNEL,
  version: "firstloadintro",
  title: "First-load fixture with an introduction",
  routing: { path: "firstloadintro", unknownStep: "firstStep" },
  steps: [
    {
      id: "intro",
      title: "Welcome",
      blocks: [
        { type: "heading", props: { text: "Tell us about your car" } },
        { type: "paragraph", props: { text: "It takes a minute." } },
      ],
    },
    ...FUNNEL.steps,
  ],
};

/** The first steps of FUNNEL with the address search first: the search box is a block's own input, not a field. */
const WITH_ADDRESS = {
  ...FUNNEL,
  version: "firstloadaddress",
  title: "First-load fixture with an address",
  routing: { path: "firstloadaddress", unknownStep: "firstStep" },
  fields: {
    ...FUNNEL.fields,
    ...Object.fromEntries(
      [
        ["buildingName", "building-name"],
        ["houseNumber", "house-number"],
        ["street", "street"],
        ["city", "city"],
        ["county", "county"],
        ["postcode", "postcode"],
      ].map(([key, part]) => [`address.${key}`, { use: part }]),
    ),
  },
  steps: [
    {
      ...FUNNEL.steps[0],
      blocks: [...FUNNEL.steps[0].blocks, { use: "address-lookup-what-is-your-current-address" }],
    },
    FUNNEL.steps[1],
  ],
};

/** FUNNEL's first step, then an email address and a checkbox: kinds of control the first page has none of. */
const WITH_CONTACT = {
  ...FUNNEL,
  version: "firstloadcontact",
  title: "First-load fixture with contact details",
  routing: { path: "firstloadcontact", unknownStep: "firstStep" },
  fields: {
    ...FUNNEL.fields,
    "contact.email": { kind: "email", label: "Your email address", rules: [{ rule: "email", message: "Enter a real email address" }] },
    "contact.agreed": {
      kind: "checkbox",
      label: "I agree to be contacted",
      rules: [{ rule: "checked", message: "Agree to be contacted" }],
    },
  },
  steps: [
    FUNNEL.steps[0],
    {
      id: "contact",
      title: "Contact",
      blocks: [
        { type: "heading", props: { text: "How can we reach you?" } },
        { type: "textInput", props: { field: "contact.email" } },
        { type: "checkbox", props: { field: "contact.agreed" } },
      ],
    },
  ],
};

// The retry after a failure asks for the same file under a new query (see loadOnce): it is blocked too.
const VALIDATION_CODE = /\/assets\/stepValidation-[^/?]+\.js(\?.*)?$/;
const NEXT_PRESS_CODE = /\/assets\/pressNext-[^/?]+\.js(\?.*)?$/;
const NEXT_STEP_CODE = /\/assets\/InfoCardBlock-[^/]+\.js$/;
const FORM_CODE = /\/assets\/formKitModule-[^/?]+\.js(\?.*)?$/;
const WARM_UP_CODE = /\/assets\/warmFormControls-[^/?]+\.js$/;

let server: DefinitionsServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startDefinitionsServer({
    edit: (dir) => {
      writeFileSync(path.join(dir, "funnels", "firstload.json"), JSON.stringify(FUNNEL, null, 2));
      writeFileSync(path.join(dir, "funnels", "firstloadintro.json"), JSON.stringify(WITH_INTRO, null, 2));
      writeFileSync(path.join(dir, "funnels", "firstloadaddress.json"), JSON.stringify(WITH_ADDRESS, null, 2));
      writeFileSync(path.join(dir, "funnels", "firstloadcontact.json"), JSON.stringify(WITH_CONTACT, null, 2));
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Every script the page has asked for so far. */
function scriptsRequested(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => request.resourceType() === "script" && urls.push(request.url()));
  return urls;
}

test("the arrival page loads only what draws it; Next's code, validation and the next step's blocks load at the visitor's first action", async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  await page.goto(`${server.url}/claim/firstload/colour`, { waitUntil: "load" });
  await expect(page.getByRole("heading", { name: "What colour is your car?" })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(
    scripts.some((url) => VALIDATION_CODE.test(url)),
    "validation loaded before any action",
  ).toBe(false);
  expect(
    scripts.some((url) => NEXT_STEP_CODE.test(url)),
    "the next step's block loaded before any action",
  ).toBe(false);
  expect(
    scripts.some((url) => NEXT_PRESS_CODE.test(url)),
    "the Next press's code loaded before any action",
  ).toBe(false);

  const loaded = Promise.all([
    page.waitForRequest(VALIDATION_CODE),
    page.waitForRequest(NEXT_STEP_CODE),
    page.waitForRequest(NEXT_PRESS_CODE),
  ]);
  await page.getByLabel("Colour of your car").fill("Blue");
  await loaded;

  // Validation works as before: a rule's message, then Next moves on, the lazily loaded card drawn at once.
  await page.getByLabel("Colour of your car").fill("Blue with a hint of green");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("link", { name: "Colour must be 20 characters or fewer" })).toBeVisible();
  await page.getByLabel("Colour of your car").fill("Blue");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
  await expect(page.getByText("We check your agreements.")).toBeVisible();
});

test("after the visitor's first action, the next step's kinds of form control are made ready out of sight, and nothing is left in the page", async ({
  page,
}) => {
  const scripts = scriptsRequested(page);
  await page.goto(`${server.url}/claim/firstloadcontact/colour`, { waitUntil: "load" });
  await page.waitForTimeout(1_000);
  expect(
    scripts.some((url) => WARM_UP_CODE.test(url)),
    "the warm-up loaded before any action",
  ).toBe(false);

  // Every form control that enters the page from now on outside the app's own tree, as its input type.
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { controlsOutsideApp: string[] }).controlsOutsideApp = []);
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement && !node.closest("#root"))
            for (const control of node.querySelectorAll("input, select")) seen.push((control as HTMLInputElement).type);
    }).observe(document.body, { childList: true, subtree: true });
  });
  const warmUp = page.waitForRequest(WARM_UP_CODE);
  await page.getByLabel("Colour of your car").fill("Blue");
  await warmUp;
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { controlsOutsideApp: string[] }).controlsOutsideApp.sort()))
    .toEqual(["checkbox", "email"]);
  expect(await page.locator("body > :not(#root, .skip-link, script)").count(), "something left in the page").toBe(0);

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Your email address")).toBeVisible();
  await expect(page.getByLabel("Your email address")).toHaveAttribute("type", "email");
  await expect(page.getByRole("checkbox", { name: "I agree to be contacted" })).not.toBeChecked();
});

test("Next pressed with nothing typed loads validation on that press and shows the step's errors", async ({ page }) => {
  await page.goto(`${server.url}/claim/firstload/colour`);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("link", { name: "Enter the colour of your car" })).toBeVisible();
  await expect(page).toHaveURL(/\/claim\/firstload\/colour$/);
});

test("when the validation code cannot be loaded, Next keeps the step and says so; the next press tries again", async ({ page }) => {
  await page.route(VALIDATION_CODE, (route) => route.abort("internetdisconnected"));
  await page.goto(`${server.url}/claim/firstload/colour`);
  await page.getByLabel("Colour of your car").fill("Blue");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toContainText("We encountered an error while processing your request.");
  await expect(page).toHaveURL(/\/claim\/firstload\/colour$/);

  await page.unroute(VALIDATION_CODE);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
});

test("Next to a step whose blocks are still on their way keeps the step until they arrive: no spinner in between", async ({ page }) => {
  // The next step's code answers slowly, as on a poor connection.
  await page.route(NEXT_STEP_CODE, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto(`${server.url}/claim/firstload/colour`);
  await page.getByLabel("Colour of your car").fill("Blue");
  await page.getByRole("button", { name: "Next" }).click();
  // Sampled while the code is still on its way.
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/claim\/firstload\/colour$/);
  await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "What colour is your car?" })).toBeVisible();
  // Then the next step, whole.
  await expect(page.getByText("We check your agreements.")).toBeVisible();
  await expect(page).toHaveURL(/\/claim\/firstload\/thanks$/);
});

test("react-hook-form is not in a first page, with or without fields; it arrives at the visitor's first action", async ({ page }) => {
  const scripts = scriptsRequested(page);
  await page.goto(`${server.url}/claim/firstloadintro/intro`, { waitUntil: "load" });
  await expect(page.getByRole("heading", { name: "Tell us about your car" })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(
    scripts.some((url) => FORM_CODE.test(url)),
    "react-hook-form loaded before any action",
  ).toBe(false);
  // A step with a field is drawn and hydrated without it too: it is not linked into its page.
  const withField = await (await page.request.get(`${server.url}/claim/firstloadintro/colour`)).text();
  expect(withField).toContain('name="car.colour"');
  expect(withField).not.toMatch(/formKitModule/);

  const loaded = page.waitForRequest(FORM_CODE);
  await page.getByRole("button", { name: "Next" }).click();
  await loaded;
  await page.getByLabel("Colour of your car").fill("Blue with a hint of green");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("link", { name: "Colour must be 20 characters or fewer" })).toBeVisible();
});

test("when react-hook-form cannot be loaded, Next on a step with a mistake keeps it and says so; the next press tries again", async ({
  page,
}) => {
  await page.route(FORM_CODE, (route) => route.abort("internetdisconnected"));
  await page.goto(`${server.url}/claim/firstloadintro/intro`);
  // The step of fields is drawn without it.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Colour of your car")).toBeVisible();
  await expect(page).toHaveURL(/\/claim\/firstloadintro\/colour$/);
  // Its check needs it.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("alert")).toContainText("We encountered an error while processing your request.");
  await expect(page).toHaveURL(/\/claim\/firstloadintro\/colour$/);

  await page.unroute(FORM_CODE);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("link", { name: "Enter the colour of your car" })).toBeVisible();
  await page.getByLabel("Colour of your car").fill("Blue");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
});

test("what a visitor types before the page's script has run counts: the address search runs and the field keeps its answer", async ({
  page,
}) => {
  // The scripts answer slowly, as on a poor connection, so the visitor types into the server's HTML.
  await page.route(/\/assets\/[^/]+\.js(\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const stylesheets: string[] = [];
  page.on("request", (request) => request.resourceType() === "stylesheet" && stylesheets.push(request.url()));
  await page.goto(`${server.url}/claim/firstloadaddress/colour`, { waitUntil: "commit" });
  const search = page.getByRole("combobox", { name: "What is your current address?" });
  await search.fill("10 Dow");
  await page.getByLabel("Colour of your car").fill("Blue");
  // Typed before hydration: Next stays disabled until the page's handlers are attached (StepNav).
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();

  // Once the page is live, the search runs on what was typed, without another key.
  await page.getByRole("option").first().click();
  await expect(page.getByRole("button", { name: "Search again" })).toBeVisible();
  await expect(page.getByLabel("Colour of your car")).toHaveValue("Blue");
  // The page holds its stylesheets (the address search's too): the live page asks for none of them again (those
  // of the blocks it loads ahead for the next steps, yes).
  const held = await page
    .locator('link[type="text/x-inlined"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(held.some((href) => href.includes("AddressLookup"))).toBe(true);
  expect(stylesheets.filter((url) => held.includes(url))).toEqual([]);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
});

test("a button pressed before the page's script has run is pressed once the page is live", async ({ page }) => {
  // The scripts answer slowly, as on a poor connection, so the visitor presses the server's HTML.
  await page.route(/\/assets\/[^/]+\.js(\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto(`${server.url}/claim/v3b/get-started`, { waitUntil: "commit" });
  await page.getByRole("button", { name: "Yes! Start My Claim!" }).click();
  expect(await page.evaluate(() => "live" in document.documentElement.dataset)).toBe(false);
  // Once live, the press counts: once (the address step, not beyond it).
  await expect(page).toHaveURL(/\/claim\/v3b\/address$/);
  await expect(page.getByRole("combobox", { name: /address/i })).toBeVisible();
});

test("a page drawn in the browser (sign-in, or a step for a returning visitor) loads its code first: no loading state shows", async ({
  page,
}) => {
  // Anything shown in a loading state is noted, however briefly (React keeps a fallback at least 300 ms).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('#root [role="status"]')) {
        if (element.textContent?.includes("Checking access") || element.getAttribute("aria-label") === "Loading")
          seen.push(element.outerHTML);
      }
    }).observe(document, { subtree: true, childList: true });
  });
  const loadingSeen = () => page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen);

  await page.goto(`${server.url}/login`);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect(await loadingSeen()).toEqual([]);

  // A visitor with progress kept in this browser: the step is drawn afresh, its lazily loaded card included.
  await page.goto(`${server.url}/claim/firstload/colour`);
  await page.getByLabel("Colour of your car").fill("Blue");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("We check your agreements.")).toBeVisible();
  // The address follows the drawn step once it is painted: the reload waits for it.
  await expect(page).toHaveURL(/\/claim\/firstload\/thanks$/);
  await page.reload();
  await expect(page.getByText("We check your agreements.")).toBeVisible();
  expect(await loadingSeen()).toEqual([]);
});
