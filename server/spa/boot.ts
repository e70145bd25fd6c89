/** What the server decides for a page request: status, redirect, and the boot data inlined into the page. */
import type { Brand, CompanyContent, FunnelDefinition, SiteContent } from "../../schema/types";
import { entryLocation, resolveClaimRoute } from "../../engine/routes";
import { SITE_PAGES } from "../../engine/sitePages";
import { OPS_DASHBOARD_PATH, OPS_PAGE_TITLES } from "../../engine/opsPages";
import { publicBrand } from "../brands";
import type { LanguageLink } from "../language/visitLanguage";
import {
  affiliateContinueFor,
  companyFor,
  funnelForBrand,
  marketingFor,
  type AffiliateContinueCopy,
  type ContentSet,
  type Marketing,
} from "../content/brandContent";

export interface BootData {
  brand: Omit<Brand, "hostnames">;
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
  /** A sandbox provider can answer on this server: every page shows the test-mode ribbon. */
  testMode?: boolean;
  /** The page's language, and links to it in the brand's other languages (server/language/visitLanguage.ts). */
  lang?: string;
  languageLinks?: LanguageLink[];
}

export type PageDecision = { kind: "redirect"; location: string } | { kind: "page"; status: 200 | 404; title: string; boot: BootData };

/** Site page titles before the brand name ("Privacy policy – FairDrive Claims"); the home page is the brand name alone. */
const SITE_PAGE_TITLES: Record<string, string> = {
  "/privacy-policy": "Privacy policy",
  "/login": "Sign in",
  "/portal": "Your claims",
  "/forgot-password": "Reset your password",
  "/reset-password": "Choose a new password",
  "/affiliate/continue": "Continue your claim",
};

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
  /** Shared and company content; a brand's copy overlays are applied to the funnel either way. */
  content?: ContentSet;
  /** The request carries a signed-in operator's session: only then is the ops dashboard a page. */
  operator?: boolean;
}): PageDecision {
  const { brand, funnels, search, env, content } = input;
  const company = companyFor(brand, content);
  // The company's claimable windows and fees travel on the page's brand, for copy placeholders ({claimableYears}, {feeExample}).
  const eligibility = brand.eligibility ?? company?.eligibility;
  const fees = brand.fees ?? company?.fees;
  const pageBrand = { ...withoutEditorNotes(publicBrand(brand)), ...(eligibility ? { eligibility } : {}), ...(fees ? { fees } : {}) };
  const base = { brand: pageBrand, env, company };
  const notFound = (): PageDecision => ({
    kind: "page",
    status: 404,
    title: `Page not found – ${brand.brandName}`,
    boot: { ...base, funnel: null, mountPath: null, stepId: null, status: 404 },
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
      boot: { ...base, company: null, funnel: null, mountPath: null, stepId: null, status: 200 },
    };
  }
  if (!SITE_PAGES.has(path)) return notFound();
  const site =
    content && (path === "/" || path === "/privacy-policy")
      ? { marketing: marketingFor(brand, content.site), privacy: content.site.privacy }
      : undefined;
  const affiliateContinue = content && path === "/affiliate/continue" ? affiliateContinueFor(brand, content.site) : undefined;
  const loginStatus = content && path === "/login" ? content.site.loginStatus : undefined;
  const pageTitle = affiliateContinue?.title ?? SITE_PAGE_TITLES[path];
  return {
    kind: "page",
    status: 200,
    title: pageTitle ? `${pageTitle} – ${brand.brandName}` : brand.brandName,
    boot: {
      ...base,
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
