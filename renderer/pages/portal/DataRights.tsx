/**
 * The portal's "Your data" section: download everything we hold (a JSON file,
 * plus each drawn signature as its own image file) and ask for erasure, which
 * asks for the password again, then ends every session and leaves the page
 * (nothing of the consumer stays on screen) for the sign-in page. Reaching the portal
 * also clears what any funnel kept in this browser (the claim is in the account now).
 */
import { useEffect, useState, type FormEvent } from "react";
import { api } from "../../api/client";
import { clearAllProgress } from "../../runtime/progressStore";
import { TextField } from "../../components/TextField";
import "./dataRights.css";

interface ExportedRequest {
  id: string;
  claim_reference: string;
  signature: { format: "png" | "svg"; file: string } | { format: "typed"; name: string } | null;
}
interface ExportData {
  exported_at: string;
  claim_requests: ExportedRequest[];
}

function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function DataRights() {
  const [exported, setExported] = useState<ExportData | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const [erasing, setErasing] = useState(false);
  const [eraseError, setEraseError] = useState<string | null>(null);

  useEffect(() => clearAllProgress(), []);

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    const result = await api.get<ExportData>("/api/privacy/export");
    setDownloading(false);
    if (!result.ok) return setDownloadError(result.body.error ?? "We could not prepare your data. Please try again.");
    setExported(result.body);
    saveFile(`my-data-${result.body.exported_at.slice(0, 10)}.json`, JSON.stringify(result.body, null, 2));
  };

  const erase = async (event: FormEvent) => {
    event.preventDefault();
    setErasing(true);
    setEraseError(null);
    const result = await api.post("/api/privacy/erase", { password });
    setErasing(false);
    if (!result.ok) return setEraseError(result.body.error ?? "We could not erase your data. Please try again.");
    setPassword("");
    clearAllProgress();
    // Replace, so Back does not return to a page that showed the erased details.
    window.location.replace("/login?status=erased");
  };

  const signatures = (exported?.claim_requests ?? []).filter((r) => r.signature && r.signature.format !== "typed");
  return (
    <section className="data-rights" aria-labelledby="data-rights-heading">
      <h2 id="data-rights-heading" className="portal__details-heading">
        Your data
      </h2>
      <p>
        Download a copy of everything we hold about you: your details, your claims and what you agreed to, with the text you were shown.
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void download()}
        disabled={downloading}
        aria-busy={downloading}
      >
        {downloading ? "Preparing your data..." : "Download my data"}
      </button>
      {downloadError && (
        <p className="field__error" role="alert">
          {downloadError}
        </p>
      )}
      {exported && (
        <div className="data-rights__files" role="status">
          <p>Your data has been downloaded as a JSON file.</p>
          {signatures.length > 0 && (
            <ul>
              {signatures.map((r) => (
                <li key={r.id}>
                  <a href={`/api/privacy/signature/${r.id}`} download={r.signature && "file" in r.signature ? r.signature.file : undefined}>
                    Download your signature for claim {r.claim_reference} ({r.signature?.format.toUpperCase()})
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <h3 className="data-rights__erase-heading">Erase my data</h3>
      <p>
        We will delete your account, your personal details and your signature, and sign you out everywhere. We keep only anonymous figures
        and the record of what you agreed to. This cannot be undone.
      </p>
      {!confirming && (
        <button type="button" className="button button--secondary data-rights__erase" onClick={() => setConfirming(true)}>
          Erase my data
        </button>
      )}
      {confirming && (
        <form className="data-rights__confirm" onSubmit={(e) => void erase(e)} noValidate>
          {eraseError && (
            <div className="panel panel--error" role="alert">
              {eraseError}
            </div>
          )}
          <TextField
            id="erase-password"
            label="Enter your password to confirm"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div className="data-rights__actions">
            <button type="submit" className="button button--primary data-rights__erase" disabled={erasing} aria-busy={erasing}>
              {erasing ? "Erasing..." : "Erase my data permanently"}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)} disabled={erasing}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
