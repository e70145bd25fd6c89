/** /preview: every funnel × step × brand, as links. */
import { LintProblems } from "./LintProblems";
import type { PreviewBoot } from "../../engine/previewBoot";

export function PreviewIndex({ preview, notFound }: { preview: PreviewBoot; notFound: boolean }) {
  return (
    <main className="preview-index" id="main">
      <h1>Preview{notFound ? ": no such funnel, step or brand" : ""}</h1>
      <p>
        Every step of every funnel for every brand, with sample answers. Add <code>?answers=empty</code> to see a step as a new visitor
        does. Save a file in the definitions folder and open pages reload.
      </p>
      <LintProblems problems={preview.problems} />
      {preview.funnels.map((funnel) => (
        <section key={funnel.version} aria-labelledby={`funnel-${funnel.version}`}>
          <h2 id={`funnel-${funnel.version}`}>
            {funnel.version}: {funnel.title}
          </h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Step</th>
                {preview.brands.map((b) => (
                  <th scope="col" key={b.brandId}>
                    {b.brandName}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {funnel.steps.map((step) => (
                <tr key={step.id}>
                  <th scope="row">
                    {step.id} <span className="preview-step-title">({step.title})</span>
                  </th>
                  {preview.brands.map((b) => (
                    <td key={b.brandId}>
                      {/* A whole page load: each preview boots its own brand and funnel from the server. */}
                      <a href={`/preview/${b.brandId}/${funnel.version}/${step.id}`}>
                        {step.id} for {b.brandName}
                      </a>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </main>
  );
}
