/** `npx tsx tools/subject-rights.ts export | erase | consents …`: subject access and erasure by email (server/commands/subjectRights.ts). */
import { main } from "../server/commands/subjectRights";

await main(process.argv.slice(2));
