// Node and Bun (`<runtime> cjs.cjs '<config JSON>'`): the CommonJS build, through require().
// Only the shared checks come in with import(); the library itself is required.
const { createLookupClient, HiroApiError, HiroTimeoutError } = require("hiro-lookup");
const { createLookupQueries } = require("hiro-lookup/query");
const { createLookupHandler } = require("hiro-lookup/server");

import("./checks.mjs")
  .then(({ runChecks }) =>
    runChecks(
      { createLookupClient, HiroApiError, HiroTimeoutError, createLookupQueries, createLookupHandler },
      JSON.parse(process.argv[2]),
    ),
  )
  .then((results) => console.log(JSON.stringify({ loaded: require.resolve("hiro-lookup"), results })))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
