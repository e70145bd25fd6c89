// The yardstick for the server benchmark: a bare Express 5 app with one JSON route and no middleware at all.
import express from "express";

const app = express();
app.get("/", (_req, res) => {
  res.json({ status: "ok" });
});
const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));
process.once("SIGTERM", () => server.close(() => process.exit(0)));
