/** The fee illustration as a table: shared by the feeIllustration block and the summary document. */
import { useId } from "react";
import { feeIllustration, formatMoney, type Fees } from "../../../schema/rules/fees";
import "./feeIllustration.css";

export interface FeeTableCopy {
  heading: string;
  lead?: string;
  columns: { redress: string; fee: string; vat: string; total: string; youKeep: string };
  exampleLabel?: string;
}

export function FeeTable({ fees, copy, fill }: { fees: Fees; copy: FeeTableCopy; fill: (text: string) => string }) {
  const headingId = useId();
  const rows = feeIllustration(fees);
  const { columns } = copy;
  return (
    <section className="feeTable" aria-labelledby={headingId}>
      <h2 id={headingId} className="feeTable__heading">
        {fill(copy.heading)}
      </h2>
      {copy.lead && <p className="feeTable__lead">{fill(copy.lead)}</p>}
      {/* On a narrow phone the table scrolls inside its box: focusable, so a keyboard can scroll it too. */}
      <div className="feeTable__scroll" tabIndex={0} role="group" aria-labelledby={headingId}>
        <table className="feeTable__table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{fill(columns.redress)}</th>
              <th scope="col">{fill(columns.fee)}</th>
              <th scope="col">{fill(columns.vat)}</th>
              <th scope="col">{fill(columns.total)}</th>
              <th scope="col">{fill(columns.youKeep)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.redress}>
                <th scope="row">{formatMoney(row.redress)}</th>
                <td>{formatMoney(row.fee)}</td>
                <td>{formatMoney(row.vat)}</td>
                <td>{formatMoney(row.total)}</td>
                <td>{formatMoney(row.youKeep)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {fees.exampleRedress && (
        <p className="feeTable__note">
          {copy.exampleLabel
            ? `${fill(copy.exampleLabel)} (${formatMoney(fees.exampleRedress.amount)}): `
            : `${formatMoney(fees.exampleRedress.amount)}: `}
          {fees.exampleRedress.source}
        </p>
      )}
    </section>
  );
}
