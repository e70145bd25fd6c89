/**
 * Brand settings the schema cannot judge: hostnames as the server compares
 * them, provider ids the server knows, a logo that exists, a company with
 * content or lenders, and HTML in a plain-text footer.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { BUILT_IN_PROVIDERS } from "../schema/providers";
import type { FileFinding, LoadedFile } from "./check-sets";
import { asArray, asObject, asString } from "./loose";
import { pointer } from "./pointer";
import { PROJECT_ROOT } from "./projectRoot";
import { didYouMean } from "./suggest";
import type { Finding } from "./types";

/** Where site paths such as /brand-assets/logo.svg are served from. */
export const PUBLIC_DIR = resolve(PROJECT_ROOT, "renderer", "public");

/** Every provider the server can build without settings, by the id a brand names. */
const providers = { crm: [...BUILT_IN_PROVIDERS.crm] as string[], credit: [...BUILT_IN_PROVIDERS.credit] as string[] };

function hostnameFindings(brand: Record<string, unknown>): Finding[] {
  return asArray(brand.hostnames).flatMap((raw, i): Finding[] => {
    const host = asString(raw);
    if (host === undefined || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(host)) return [];
    let bare = host
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
      .replace(/[/?#].*$/, "")
      .replace(/:\d*$/, "");
    const what = /:\/\//.test(host)
      ? "a scheme"
      : /[/?#]/.test(host)
        ? "a path"
        : /:\d*$/.test(host)
          ? "a port"
          : "characters a hostname cannot have";
    if (!/^[a-z0-9.-]+$/i.test(bare)) bare = "";
    return [
      {
        path: pointer("hostnames", i),
        code: "bad-hostname",
        severity: "error",
        message: `Hostname '${host}' has ${what}; the server compares the bare host name, so this brand would never be chosen`,
        ...(bare ? { suggestion: `use "${bare.toLowerCase()}"` } : {}),
      },
    ];
  });
}

function providerFindings(brand: Record<string, unknown>): Finding[] {
  const findings: Finding[] = [];
  const check = (path: string, id: string | undefined, known: string[], what: string) => {
    if (id === undefined || known.includes(id)) return;
    findings.push({
      path,
      code: "unknown-provider",
      severity: "error",
      message: `'${id}' is not a ${what} the server has, so ${what === "CRM provider" ? "claims could not be sent to a CRM" : "credit checks would fail"}`,
      suggestion: didYouMean(id, known) ?? `known ids are ${known.map((k) => `'${k}'`).join(", ")}`,
    });
  };
  check("/crm_provider/provider_type", asString(asObject(brand.crm_provider).provider_type), providers.crm, "CRM provider");
  const creditId = asString(brand.credit_check_provider_id);
  const typo = creditId === undefined ? undefined : didYouMean(creditId, providers.credit);
  if (creditId !== undefined && !providers.credit.includes(creditId) && !typo) {
    // Not built in and not a near miss: an http-kind provider whose URL and secret come from where the server runs.
    const variable = `HTTP_PROVIDER_${creditId.toUpperCase().replace(/-/g, "_")}`;
    if (!process.env[`${variable}_URL`]) {
      findings.push({
        path: "/credit_check_provider_id",
        code: "http-provider-settings",
        severity: "warning",
        message: `'${creditId}' is not a built-in credit check provider, so it must be an http-kind provider: the server refuses to start without ${variable}_URL and ${variable}_SECRET`,
        suggestion: `set ${variable}_URL and ${variable}_SECRET where the server runs (README, Deploying)`,
      });
    }
  } else {
    check("/credit_check_provider_id", creditId, providers.credit, "credit check provider");
  }
  return findings;
}

function imageFindings(brand: Record<string, unknown>): Finding[] {
  return (["logoUrl", "faviconUrl"] as const).flatMap((key): Finding[] => {
    const url = asString(brand[key]);
    if (url === undefined) return [];
    if (!/^\/(?!\/)/.test(url)) {
      return [
        {
          path: `/${key}`,
          code: "logo-not-found",
          severity: "error",
          message: `${key} '${url}' is not a site path; images are served from this site`,
          suggestion: "put the file in renderer/public/brand-assets/ and write /brand-assets/<file>",
        },
      ];
    }
    const file = join(PUBLIC_DIR, decodeURIComponent(url.split(/[?#]/)[0]));
    if (existsSync(file)) return [];
    return [
      {
        path: `/${key}`,
        code: "logo-not-found",
        severity: "error",
        message: `${key} '${url}' names no file in renderer/public, so the image would be missing`,
        suggestion: "add the file to renderer/public/brand-assets/ or fix the name",
      },
    ];
  });
}

/** Plain-text footers show tags as text; an HTML footer must say so. */
function footerFindings(brand: Record<string, unknown>): Finding[] {
  const footer = asString(brand.footerText);
  if (!footer || brand.footerIsHtml === true || !/<\/?[a-z][^>]*>/i.test(footer)) return [];
  return [
    {
      path: "/footerText",
      code: "footer-html-not-enabled",
      // The visitor sees the tags: an error, not a matter of taste.
      severity: "error",
      message: "The footer holds HTML tags but footerIsHtml is not true, so visitors would see the tags as text",
      suggestion: 'add "footerIsHtml": true, or remove the tags',
    },
  ];
}

export function checkBrandSettings(data: unknown): Finding[] {
  const brand = asObject(data);
  return [...hostnameFindings(brand), ...providerFindings(brand), ...imageFindings(brand), ...footerFindings(brand)];
}

/**
 * A brand's companyId names its company in the lender catalogue (the lenders
 * the lender picker offers, company_lenders in the database) and, optionally,
 * its content (companies/<id>.json). A companyId the catalogue does not list
 * leaves the picker with nothing to offer (GET /api/lenders answers 404), so
 * it is an error. Needs the catalogue in the run (a folder without lenders/
 * uses the repository's catalogue, which the server checks at start).
 */
export function checkBrandCompanies(brands: LoadedFile[], companies: LoadedFile[], catalogues: LoadedFile[]): FileFinding[] {
  if (catalogues.length === 0) return [];
  const withLenders = new Set(catalogues.flatMap((c) => Object.keys(asObject(asObject(c.data).companies))));
  const withContent = new Set(companies.map((c) => asString(asObject(c.data).companyId)).filter((id): id is string => !!id));
  return brands.flatMap(({ file, data }) => {
    const id = asString(asObject(data).companyId);
    if (id === undefined || withLenders.has(id)) return [];
    const content = withContent.has(id) ? ` (it has company content in companies/${id}.json, but no lenders)` : "";
    return [
      {
        file,
        finding: {
          path: "/companyId",
          code: "unknown-company" as const,
          severity: "error" as const,
          message: `Company '${id}' is not in lenders/catalogue.json${content}, so the lender picker would have no lenders to offer`,
          suggestion:
            didYouMean(id, withLenders) ??
            `add "${id}" with its lender ids to "companies" in lenders/catalogue.json (companies: ${[...withLenders].join(", ")})`,
        },
      },
    ];
  });
}
