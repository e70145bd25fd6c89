/** What the server decides for a page request: status, redirect, and the boot data inlined into the page. */
import type { Brand, CompanyContent, FunnelDefinition, SiteContent } from "../../schema/types";
import type { SiteText, SiteTextGroup } from "../../schema/content.schema";
import { entryLocation, resolveClaimRoute } from "../../engine/routes";
import { SITE_PAGES } from "../../engine/sitePages";
import { OPS_DASHBOARD_PATH, OPS_PAGE_TITLES } from "../../engine/opsPages";
import type { LanguageLink } from "../language/visitLanguage";
import {
  affiliateContinueFor,
  companyFor,
  funnelForBrand,
  marketingFor,
  pageBrand,
  type AffiliateContinueCopy,
  type PageBrand,
  type ContentSet,
  type Marketing,
} from "../content/brandContent";

export interface BootData {
  brand: PageBrand;
  funnel: FunnelDefinition | null;
  mountPath: string | null;
  stepId: string | null;
  status: 200 | 404;
  env: string;
  /** The brand's company content (review panel, FAQ); null for a company without any. */
  company?: CompanyContent | null;
  /** Site pages only: the marketing claims with the brand's overrides, and the privacy page. */
  site?: { marketing: Marketing; privacy: SiteContent["privacy"] };
  /** The affiliate continue page only: its copy with the brand's overrides. */
  affiliateContinue?: AffiliateContinueCopy;
  /** The sign-in page only: what it says for each known ?status= (content/site.json `loginStatus`). */
  loginStatus?: SiteContent["loginStatus"];
  /** The site's words this page shows (content/site.json `text`): the frame's and the not-found page's on every page, and the page's own. */
  text?: PageText;
  /** A sandbox provider can answer on this server: every page shows the test-mode ribbon. */
  testMode?: boolean;
  /** The page's language, and links to it in the brand's other languages (server/language/visitLanguage.ts). */
  lang?: string;
  languageLinks?: LanguageLink[];
}

export type PageDecision = { kind: "redirect"; location: string } | { kind: "page"; status: 200 | 404; title: string; boot: BootData };

export type PageText = Pick<SiteText, "common" | "notFound"> & Partial<SiteText>;

/** The groups of the site's words each site page shows besides the frame's; a page's title is its group's `title`. */
const PAGE_TEXT_GROUPS: Record<string, SiteTextGroup[]> = {
  "/": ["home"],
  "/login": ["login"],
  "/portal": ["portal"],
  // The reset request checks the address with the sign-in page's messages.
  "/forgot-password": ["forgotPassword", "login"],
  "/reset-password": ["resetPassword"],
};

/** Every page's words: the frame's and the not-found page's (a funnel may draw it), and those of the path's page. */
export function pageText(text: SiteText, path: string): PageText {
  const groups = PAGE_TEXT_GROUPS[path] ?? [];
  return { common: text.common, notFound: text.notFound, ...Object.fromEntries(groups.map((g) => [g, text[g]])) };
}

/** A site page's title before the brand name ("Sign in – FairDrive Claims"): its own group's, the privacy or affiliate page's. */
function sitePageTitle(site: SiteContent, path: string): string | undefined {
  if (path === "/privacy-policy") return site.privacy.title;
  if (path === "/affiliate/continue") return site.affiliateContinue.title;
  const group = PAGE_TEXT_GROUPS[path]?.[0];
  const words = group ? (site.text as SiteText | undefined)?.[group] : undefined;
  return words && "title" in words ? words.title : undefined;
}

/**
 * A brand whose form version is an exclusive funnel (`routing.exclusive`, e.g. v5 apply-today) is sent into that
 * funnel from every other version. The form version may name the funnel's version, its path or a path that redirects to it.
 */
export function forcedVersionFor(funnels: readonly FunnelDefinition[], brand: Brand): string | undefined {
  const v = brand.formVersion;
  const forced = funnels.find(
    (f) => f.routing.exclusive === true && (f.version === v || f.routing.path === v || f.routing.redirectFrom?.some((r) => r.path === v)),
  );
  return forced?.version;
}

function segmentsOf(path: string): string[] | null {
  try {
    return path.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** Blocks that show the company's content; a funnel without them is sent without it (a smaller page). */
const COMPANY_BLOCKS = new Set(["companyReviews", "companyFaq"]);

export function showsCompanyContent(funnel: FunnelDefinition): boolean {
  return funnel.steps.some((step) => step.blocks.some((block) => COMPANY_BLOCKS.has(block.type)));
}

/**
 * The editor's `$schema` pointer and description are no use to the browser: every funnel page carries the
 * brand and the funnel inline. Nor are a field's `examples`, which prove its rules to the lint.
 */
function withoutEditorNotes<T extends { $schema?: string; description?: string; fields?: Record<string, object> }>(definition: T): T {
  const { $schema: _schema, description: _description, ...rest } = definition;
  if (!rest.fields) return rest as T;
  const fields = Object.fromEntries(
    Object.entries(rest.fields).map(([path, field]) => {
      const { examples: _examples, ...shown } = field as { examples?: unknown };
      return [path, shown];
    }),
  );
  return { ...rest, fields } as T;
}

export function decidePage(input: {
  path: string;
  search: string;
  brand: Brand;
  funnels: readonly FunnelDefinition[];
  env: string;
  /** Shared and company content in the page's language: its words, the brand's placeholders' words, company content. */
  content: ContentSet;
  /** The request carries a signed-in operator's session: only then is the ops dashboard a page. */
  operator?: boolean;
}): PageDecision {
  const { brand, funnels, search, env, content } = input;
  const company = companyFor(brand, content);
  const brandOfPage = withoutEditorNotes(pageBrand(brand, content));
  const siteText = content.site.text as SiteText;
  const text = (path: string) => ({ text: pageText(siteText, path) });
  const base = { brand: brandOfPage, env, company };
  const notFound = (): PageDecision => ({
    kind: "page",
    status: 404,
    title: `${siteText.notFound.title} – ${brand.brandName}`,
    boot: { ...base, ...text(""), funnel: null, mountPath: null, stepId: null, status: 404 },
  });
  const segments = segmentsOf(input.path);
  if (!segments) return notFound();

  if (segments[0] === "claim") {
    if (segments.length === 1) {
      const location = entryLocation(funnels, forcedVersionFor(funnels, brand) ?? brand.formVersion, search);
      return location ? { kind: "redirect", location } : notFound();
    }
    if (segments.length > 3) return notFound();
    const route = resolveClaimRoute(funnels, {
      version: segments[1],
      step: segments[2],
      search,
      forcedVersion: forcedVersionFor(funnels, brand),
    });
    if (route.kind === "redirect") return { kind: "redirect", location: route.location };
    if (route.kind === "notFound") return notFound();
    const step = route.funnel.steps.find((s) => s.id === route.stepId);
    const funnel = funnelForBrand(route.funnel, brand, content);
    return {
      kind: "page",
      status: 200,
      title: `${step?.title ?? route.funnel.title} – ${brand.brandName}`,
      boot: {
        ...base,
        ...text(""),
        company: showsCompanyContent(funnel) ? base.company : null,
        funnel: withoutEditorNotes(funnel),
        mountPath: route.mountPath,
        stepId: route.stepId,
        status: 200,
      },
    };
  }

  const path = `/${segments.join("/")}`;
  const opsTitle = OPS_PAGE_TITLES[path];
  if (opsTitle) {
    if (path === OPS_DASHBOARD_PATH && input.operator !== true) return notFound();
    return {
      kind: "page",
      status: 200,
      title: opsTitle,
      boot: { ...base, ...text(""), company: null, funnel: null, mountPath: null, stepId: null, status: 200 },
    };
  }
  if (!SITE_PAGES.has(path)) return notFound();
  const site =
    path === "/" || path === "/privacy-policy"
      ? { marketing: marketingFor(brand, content.site), privacy: content.site.privacy }
      : undefined;
  const affiliateContinue = path === "/affiliate/continue" ? affiliateContinueFor(brand, content.site) : undefined;
  const loginStatus = path === "/login" ? content.site.loginStatus : undefined;
  const pageTitle = affiliateContinue?.title ?? sitePageTitle(content.site, path);
  return {
    kind: "page",
    status: 200,
    title: pageTitle ? `${pageTitle} – ${brand.brandName}` : brand.brandName,
    boot: {
      ...base,
      ...text(path),
      funnel: null,
      mountPath: null,
      stepId: null,
      status: 200,
      ...(site ? { site } : {}),
      ...(affiliateContinue ? { affiliateContinue } : {}),
      ...(loginStatus ? { loginStatus } : {}),
    },
  };
}
