/** Generated from openapi.yaml by scripts/generate.ts. Do not edit by hand. */
export interface GeneratedValidateFunction {
  (data: unknown): boolean;
  errors?: Array<{ instancePath: string; message?: string }> | null;
}
export declare const getSftMetadata: GeneratedValidateFunction;
export declare const getSatoshiInscriptions: GeneratedValidateFunction;
export declare const getTransactionActivity: GeneratedValidateFunction;
export declare const searchTokens: GeneratedValidateFunction;
export declare const getApiStatus: GeneratedValidateFunction;
export declare const getFungibleTokens: GeneratedValidateFunction;
export declare const getFtMetadata: GeneratedValidateFunction;
export declare const getNftMetadata: GeneratedValidateFunction;
