/** The mock's rules, shared by the Prism front and `hiro-lookup/msw`. */
export { answerFor, type MockAnswer, type MockRequest } from "./answer-for.js";
