/**
 * Renders one block the way the funnel runner does: a real react-hook-form
 * form validated with the definition's rules, a FunnelRuntime, a FakeApi, and
 * spies for goNext, goTo and setBusy. The block and its props are the test's own:
 * by default a one-step funnel holding just this block (engine/testing/funnelWith),
 * with the fields the test names or the fixture's (FIXTURE_FIELDS), and the tests' own brand (test-fixtures). Used
 * by the blocks' *.dom.test.tsx files.
 */
import { StrictMode, useState, type ComponentType } from "react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm, type Resolver } from "react-hook-form";
import { vi } from "vitest";
import brandJson from "../../../test-fixtures/definitions/brands/default.json";
import { withPropDefaults } from "../../../schema/blocks.schema";
import type { Block, BlockType, FunnelDefinition, StepDefinition } from "../../../schema/types";
import { funnelWith } from "../../../engine/testing/funnelWith";
import { FIXTURE_FIELDS } from "../../../test-fixtures/definitions";
import type { BrandTheme } from "../../boot";
import { fillPlaceholders } from "../../../engine/copy";
import { inputFields } from "../../../engine/flow";
import { getPath, setPath, type FormData } from "../../../engine/paths";
import { validateFields } from "../../../engine/rules";
import { placeholderValues } from "../../../engine/placeholderValues";
import { brandPlaceholderValues } from "../../../engine/brandPlaceholders";
import type { BlockComponentProps, FunnelRuntime } from "../../runtime/runtime";
import { FakeApi } from "./fakeApi";
import { ensureTestBoot, FIXTURE_BLOCK_COPY, FIXTURE_TEXT } from "../../testing/siteText";
import { applyBlockCopyDefaults } from "../../../schema/rules/copyOverlay";

export function defaultBrand(): BrandTheme {
  const { hostnames: _hostnames, $schema: _schema, ...brand } = brandJson as Record<string, unknown>;
  return withPlaceholders(structuredClone(brand) as unknown as BrandTheme);
}

/** The brand with its placeholders worked out from what it holds now, in the site's words, as the server gives a page's brand. */
function withPlaceholders(brand: BrandTheme): BrandTheme {
  return { ...brand, placeholders: brandPlaceholderValues(brand, FIXTURE_TEXT.brandPlaceholders) };
}

/** The first block of a type in a funnel, with the step that holds it. */
export function findBlock<T extends BlockType>(type: T, funnel: FunnelDefinition) {
  for (const step of funnel.steps) {
    const block = step.blocks.find((b) => b.type === type);
    if (block) return { step, block: block as Extract<Block, { type: T }> };
  }
  throw new Error(`No '${type}' block in ${funnel.version}`);
}

export interface RenderBlockOptions<T extends BlockType> {
  /** The block's props: merged over the funnel's block when a funnel is given, else all of them. */
  props?: Partial<Extract<Block, { type: T }>["props"]>;
  /** The fields of the one-step funnel built around the block (when no funnel is given; default FIXTURE_FIELDS). */
  fields?: Record<string, object>;
  /** Form data the form starts with (e.g. restored progress). */
  data?: FormData;
  brand?: Partial<BrandTheme>;
  api?: FakeApi;
  busy?: boolean;
  /** What goNext does; defaults to resolving at once. */
  goNext?: (runtime: FunnelRuntime) => Promise<void> | void;
  /** Render inside React.StrictMode (default true), as the app does in development. */
  strict?: boolean;
  /** The definition to take the block from (default: a one-step funnel holding just this block). */
  funnel?: FunnelDefinition;
}

function definitionResolver(funnel: FunnelDefinition, step: StepDefinition): Resolver<FormData> {
  const paths = inputFields(step);
  return async (values) => {
    const messages = validateFields(paths, funnel.fields, values);
    const entries = Object.entries(messages);
    if (entries.length === 0) return { values, errors: {} };
    let errors: FormData = {};
    for (const [path, message] of entries) errors = setPath(errors, path, { type: "rule", message });
    return { values: {}, errors: errors as never };
  };
}

export function renderBlock<T extends BlockType>(
  type: T,
  Component: ComponentType<BlockComponentProps<T>>,
  options: RenderBlockOptions<T> = {},
) {
  // As the server sends it: the shared block copy defaults under the funnel's own props.
  const funnel = applyBlockCopyDefaults(
    options.funnel ?? funnelWith({ steps: [{ blocks: [{ type, props: options.props ?? {} }] }], fields: options.fields ?? FIXTURE_FIELDS }),
    FIXTURE_BLOCK_COPY,
  );
  const found = findBlock(type, funnel);
  const baseProps = found.block.props as Record<string, unknown>;
  const overrides = (options.props ?? {}) as Record<string, unknown>;
  const block = { ...(found.block as Block), props: { ...baseProps, ...overrides } } as unknown as Extract<Block, { type: T }>;
  const step = found.step;
  const brand = withPlaceholders({ ...defaultBrand(), ...options.brand } as BrandTheme);
  // The frame's words (an error's "Error: " prefix, a link's "opens in a new tab") come with the page, as in the app.
  ensureTestBoot({ brand, funnel, mountPath: funnel.routing.path, stepId: step.id, status: 200, env: "test" });
  const api = options.api ?? new FakeApi();
  const latest: { runtime: FunnelRuntime | null } = { runtime: null };
  const goNext = vi.fn(async () => {
    await options.goNext?.(latest.runtime!);
  });
  const goTo = vi.fn<(href: string) => void>();
  const setBusy = vi.fn<(busy: boolean) => void>();
  const changeAnswer = vi.fn<(stepId: string) => void>();

  function Harness() {
    const form = useForm<FormData>({
      defaultValues: structuredClone(options.data ?? {}),
      mode: "onTouched",
      reValidateMode: "onChange",
      shouldUnregister: false,
      resolver: definitionResolver(funnel, step),
    });
    // Re-render on every change of a value, an error or a field left, as the runner does (fields read these as it renders).
    form.watch();
    void form.formState.errors;
    void form.formState.touchedFields;
    const [busy, setBusyState] = useState(options.busy ?? false);
    const runtime: FunnelRuntime = {
      funnel,
      step,
      brand,
      query: new URLSearchParams(),
      form,
      api,
      busy,
      setBusy: (next) => {
        setBusy(next);
        setBusyState(next);
      },
      getData: () => form.getValues(),
      setValue: (path, value) => {
        const touched = Boolean(getPath(form.formState.touchedFields, path));
        form.setValue(path, value, { shouldDirty: true, shouldValidate: touched });
      },
      fill: (text) => fillPlaceholders(text, placeholderValues(brand.placeholders, form.getValues())),
      goNext,
      goTo,
      stepHref: (stepId, returnTo) => `/claim/${funnel.routing.path}/${stepId}${returnTo ? `?change=${returnTo}` : ""}`,
      changeAnswer,
    };
    latest.runtime = runtime;
    return (
      <main>
        <Component block={withPropDefaults(block) as never} runtime={runtime} />
      </main>
    );
  }

  // user-event awaits real timers between actions: with vi.useFakeTimers() drive the DOM with fireEvent instead.
  const user = userEvent.setup();
  const result = render(
    options.strict === false ? (
      <Harness />
    ) : (
      <StrictMode>
        <Harness />
      </StrictMode>
    ),
  );
  return {
    ...result,
    user,
    api,
    block,
    goNext,
    goTo,
    setBusy,
    changeAnswer,
    /** The runtime of the latest render. */
    runtime: () => latest.runtime!,
    getData: () => latest.runtime!.getData(),
    value: (path: string) => getPath(latest.runtime!.getData(), path),
  };
}
