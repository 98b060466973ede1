// Accessibility checks the browser tests share: axe-core on the page as it stands, and whether the
// focused element shows where the focus is.
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** WCAG 2.0 and 2.1, levels A and AA: what issue 16 promises. */
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Impacts that fail a test; `moderate` and `minor` are reported, not fatal. */
const BLOCKING = new Set(["serious", "critical"]);

/** One element axe found at fault, in words a person can act on. */
export interface AxeProblem {
  rule: string;
  impact: string;
  /** The CSS selector of the element (inside frames, joined with " >>> "). */
  target: string;
  /** The rule's one-line help ("Elements must meet minimum color contrast ratio thresholds"). */
  help: string;
  /** Why this element fails, from axe's checks ("… contrast of 2.51 (foreground color: …)"). */
  detail: string;
}

/** Every element of the page that breaks a WCAG 2.1 AA rule, one entry per element. */
export async function axeProblems(page: Page): Promise<AxeProblem[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: node.impact ?? violation.impact ?? "unknown",
      target: node.target.map((part) => (Array.isArray(part) ? part.join(" >>> ") : String(part))).join(" "),
      help: violation.help,
      // `any` lists the alternatives that all failed: the first says enough.
      detail: [...node.any.slice(0, 1), ...node.all, ...node.none]
        .map((check) => check.message)
        .filter(Boolean)
        .join(" "),
    })),
  );
}

/** `- color-contrast (serious) at .button: help — detail`, one line per problem. */
export function formatProblems(problems: readonly AxeProblem[]): string {
  return problems
    .map(
      (problem) =>
        `- ${problem.rule} (${problem.impact}) at ${problem.target}: ${problem.help}${problem.detail ? ` — ${problem.detail}` : ""}`,
    )
    .join("\n");
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page and fails, listing rule, impact, element, help
 * and reason, when any violation is serious or critical. Answers the lesser ones, for a diagnostic.
 *
 * @example await expectAccessible(page, "sign-in page (de, dark)");
 */
export async function expectAccessible(page: Page, label: string): Promise<AxeProblem[]> {
  const problems = await axeProblems(page);
  const blocking = problems.filter((problem) => BLOCKING.has(problem.impact));
  assert.ok(
    blocking.length === 0,
    `${label} (${page.url()}): ${blocking.length} serious or critical axe violation(s):\n${formatProblems(blocking)}`,
  );
  return problems;
}

/** What `focusIsVisible` found about the focused element. */
export interface FocusCheck {
  visible: boolean;
  /** The element, as a person would name it: `button "Save profile"`, `input#signup-email`. */
  element: string;
  /** What marks the focus (`outline 3px solid rgb(…), 4.8:1 against rgb(…)`) or why nothing does. */
  indicator: string;
  /** The element's path from <html> (child indexes), to tell stops apart; "" when the body has the focus. */
  path: string;
}

/**
 * Runs in the page (self-contained: Playwright sends its source). Compares the focused element's
 * outline, box shadow, border and background with the same element unfocused — blurred and focused
 * again, which keeps `:focus-visible` in Chromium after keyboard use — and rates an outline ring
 * against the background behind it.
 */
function inspectFocus(): FocusCheck {
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) {
    return { visible: false, element: "body", indicator: "nothing has the focus", path: "" };
  }
  const steps: number[] = [];
  for (let node: Element = element; node.parentElement; node = node.parentElement) {
    steps.unshift([...node.parentElement.children].indexOf(node));
  }
  const path = steps.join(".");
  const tag = element.tagName.toLowerCase();
  const text = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ");
  const name = ["input", "select", "textarea"].includes(tag)
    ? `${tag}${element.id ? `#${element.id}` : ""}`
    : text
      ? `${tag} "${text.slice(0, 60)}"`
      : `${tag}${element.id ? `#${element.id}` : ""}`;

  type Rgba = [number, number, number, number];
  /** rgb()/rgba(), and the `color(srgb r g b / a)` that color-mix() computes to. */
  const parse = (value: string): Rgba | null => {
    const rgb = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value);
    if (rgb)
      return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
    const srgb = /^color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)$/.exec(value);
    if (!srgb) return null;
    return [
      Number(srgb[1]) * 255,
      Number(srgb[2]) * 255,
      Number(srgb[3]) * 255,
      srgb[4] === undefined ? 1 : Number(srgb[4]),
    ];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  };
  /** The colour behind `start`: the first ancestor (or itself) with a mostly opaque background. */
  const backdrop = (start: Element | null): Rgba => {
    for (let node = start; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour && colour[3] > 0.5) return colour;
    }
    return matchMedia("(prefers-color-scheme: dark)").matches ? [18, 18, 18, 1] : [255, 255, 255, 1];
  };

  const PROPERTIES = [
    "outline-style",
    "outline-width",
    "outline-color",
    "outline-offset",
    "box-shadow",
    "border-top-color",
    "border-top-width",
    "background-color",
    "text-decoration-line",
  ];
  const snapshot = () => {
    const style = getComputedStyle(element);
    return Object.fromEntries(PROPERTIES.map((property) => [property, style.getPropertyValue(property)]));
  };
  const focused = snapshot();
  element.blur();
  const unfocused = snapshot();
  element.focus({ preventScroll: true });

  const changed = PROPERTIES.filter((property) => focused[property] !== unfocused[property]);
  if (changed.length === 0) {
    return { visible: false, element: name, indicator: "looks the same focused and unfocused", path };
  }
  const style = focused["outline-style"] ?? "none";
  // `auto`: the browser's own two-tone ring, drawn to show on any background.
  if (style === "auto" && changed.includes("outline-style")) {
    return { visible: true, element: name, indicator: "the browser's own focus ring", path };
  }
  const width = Number.parseFloat(focused["outline-width"] ?? "0");
  if (style !== "none" && width > 0 && changed.some((property) => property.startsWith("outline"))) {
    const colour = parse(focused["outline-color"] ?? "");
    // The ring is drawn outside the border box (a non-negative offset): on the parent's background.
    const offset = Number.parseFloat(focused["outline-offset"] ?? "0");
    const behind = backdrop(offset >= 0 ? element.parentElement : element);
    const ratio = colour ? contrast(colour, behind) : 0;
    const indicator = `outline ${focused["outline-width"]} ${style} ${focused["outline-color"]}, ${ratio.toFixed(2)}:1 against rgb(${behind
      .slice(0, 3)
      .map(Math.round)
      .join(", ")})`;
    return { visible: ratio >= 3 && width >= 2, element: name, indicator, path };
  }
  const indicator = changed.map((property) => `${property}: ${unfocused[property]} → ${focused[property]}`);
  return { visible: true, element: name, indicator: indicator.join("; "), path };
}

/**
 * Whether the focused element shows a visible focus indicator: its outline, box shadow, border or
 * background differ from the same element unfocused, and an outline (the usual ring) is 2 px thick
 * or more with at least 3:1 contrast against what is behind it (WCAG 1.4.11).
 */
export function focusIsVisible(page: Page): Promise<FocusCheck> {
  return page.evaluate(inspectFocus);
}

/** Fails unless the focused element shows its focus (see `focusIsVisible`); `where` names the step. */
export async function expectFocusVisible(page: Page, where: string): Promise<FocusCheck> {
  const check = await focusIsVisible(page);
  assert.ok(check.visible, `${where}: the focus on ${check.element} is not visible (${check.indicator})`);
  return check;
}

/**
 * Tabs through the whole page from its start and fails, naming each one, when any stop does not show
 * its focus. Ends past the last stop (the focus is back on the body, or on an element seen already),
 * or after `max` stops. Answers how many stops there were.
 */
export async function expectFocusVisibleEverywhere(page: Page, label: string, max = 60): Promise<number> {
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
  const hidden: string[] = [];
  const seen = new Set<string>();
  for (let stop = 0; stop < max; stop++) {
    await page.keyboard.press("Tab");
    const check = await page.evaluate(inspectFocus);
    if (check.path === "" || seen.has(check.path)) break;
    seen.add(check.path);
    if (!check.visible) hidden.push(`${check.element}: ${check.indicator}`);
  }
  assert.deepEqual(
    hidden,
    [],
    `${label} (${page.url()}): the focus is not visible on ${hidden.length} of ${seen.size} Tab stops`,
  );
  return seen.size;
}
