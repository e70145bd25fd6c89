import type { FoundAgreement } from "./foundClaims";

/** Agreements the credit check found: lender and start date (dd MMM yyyy). */
export function FoundAgreements({
  heading,
  intro,
  items,
  columns,
}: {
  heading: string;
  intro?: string;
  items: FoundAgreement[];
  /** The table's column headings, from the block's copy. */
  columns: { lender: string; startDate: string };
}) {
  return (
    <section className="lenderPicker__found" aria-labelledby="lenderPicker-found-heading">
      <h2 id="lenderPicker-found-heading" className="lenderPicker__heading">
        <span className="lenderPicker__foundIcon" aria-hidden="true">
          ✓
        </span>
        {heading}
      </h2>
      {intro && <p className="lenderPicker__foundIntro">{intro}</p>}
      {items.length > 0 && (
        <table className="lenderPicker__table">
          <thead>
            <tr>
              <th scope="col">{columns.lender}</th>
              <th scope="col">{columns.startDate}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.key}>
                <td className="lenderPicker__lenderCell">{item.lenderName}</td>
                <td className="lenderPicker__dateCell">{item.startDate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
