// Generated from openapi.yaml by scripts/generate.ts (`npm run generate`). Do not edit by hand.
// @ts-nocheck
"use strict";
export const getSftMetadata = validate21;
const schema32 = {"type":"object","properties":{"token_uri":{"type":"string"},"decimals":{"type":"integer","minimum":1},"total_supply":{"type":"string","pattern":"^[0-9]+$"},"metadata":{"$ref":"#/components/schemas/Metadata"}}};
const pattern4 = new RegExp("^[0-9]+$", "u");
const schema33 = {"type":"object","required":["sip"],"properties":{"sip":{"type":"integer"},"name":{"type":"string"},"image":{"type":"string"},"cached_image":{"type":"string"},"cached_thumbnail_image":{"type":"string"},"attributes":{"type":"array","items":{"$ref":"#/components/schemas/MetadataAttribute"}},"properties":{"type":"object","additionalProperties":true},"localization":{"$ref":"#/components/schemas/MetadataLocalization"}}};
const schema34 = {"type":"object","required":["trait_type","value"],"properties":{"trait_type":{"type":"string"},"display_type":{"type":"string"},"value":{}}};
const schema35 = {"type":"object","required":["uri","default","locales"],"properties":{"uri":{"type":"string"},"default":{"type":"string"},"locales":{"type":"array","items":{"type":"string"}}}};

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((data.sip === undefined) && (missing0 = "sip")){
validate22.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.sip !== undefined){
let data0 = data.sip;
const _errs1 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
validate22.errors = [{instancePath:instancePath+"/sip",schemaPath:"#/properties/sip/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.name !== undefined){
const _errs3 = errors;
if(typeof data.name !== "string"){
validate22.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.image !== undefined){
const _errs5 = errors;
if(typeof data.image !== "string"){
validate22.errors = [{instancePath:instancePath+"/image",schemaPath:"#/properties/image/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.cached_image !== undefined){
const _errs7 = errors;
if(typeof data.cached_image !== "string"){
validate22.errors = [{instancePath:instancePath+"/cached_image",schemaPath:"#/properties/cached_image/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.cached_thumbnail_image !== undefined){
const _errs9 = errors;
if(typeof data.cached_thumbnail_image !== "string"){
validate22.errors = [{instancePath:instancePath+"/cached_thumbnail_image",schemaPath:"#/properties/cached_thumbnail_image/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.attributes !== undefined){
let data5 = data.attributes;
const _errs11 = errors;
if(errors === _errs11){
if(Array.isArray(data5)){
var valid1 = true;
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
const _errs13 = errors;
const _errs14 = errors;
if(errors === _errs14){
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
let missing1;
if(((data6.trait_type === undefined) && (missing1 = "trait_type")) || ((data6.value === undefined) && (missing1 = "value"))){
validate22.errors = [{instancePath:instancePath+"/attributes/" + i0,schemaPath:"#/components/schemas/MetadataAttribute/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data6.trait_type !== undefined){
const _errs16 = errors;
if(typeof data6.trait_type !== "string"){
validate22.errors = [{instancePath:instancePath+"/attributes/" + i0+"/trait_type",schemaPath:"#/components/schemas/MetadataAttribute/properties/trait_type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs16 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data6.display_type !== undefined){
const _errs18 = errors;
if(typeof data6.display_type !== "string"){
validate22.errors = [{instancePath:instancePath+"/attributes/" + i0+"/display_type",schemaPath:"#/components/schemas/MetadataAttribute/properties/display_type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs18 === errors;
}
else {
var valid3 = true;
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/attributes/" + i0,schemaPath:"#/components/schemas/MetadataAttribute/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs13 === errors;
if(!valid1){
break;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/attributes",schemaPath:"#/properties/attributes/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs11 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.properties !== undefined){
let data9 = data.properties;
const _errs20 = errors;
if(errors === _errs20){
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
}
else {
validate22.errors = [{instancePath:instancePath+"/properties",schemaPath:"#/properties/properties/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs20 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.localization !== undefined){
let data10 = data.localization;
const _errs23 = errors;
const _errs24 = errors;
if(errors === _errs24){
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
let missing2;
if((((data10.uri === undefined) && (missing2 = "uri")) || ((data10.default === undefined) && (missing2 = "default"))) || ((data10.locales === undefined) && (missing2 = "locales"))){
validate22.errors = [{instancePath:instancePath+"/localization",schemaPath:"#/components/schemas/MetadataLocalization/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
if(data10.uri !== undefined){
const _errs26 = errors;
if(typeof data10.uri !== "string"){
validate22.errors = [{instancePath:instancePath+"/localization/uri",schemaPath:"#/components/schemas/MetadataLocalization/properties/uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid5 = _errs26 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data10.default !== undefined){
const _errs28 = errors;
if(typeof data10.default !== "string"){
validate22.errors = [{instancePath:instancePath+"/localization/default",schemaPath:"#/components/schemas/MetadataLocalization/properties/default/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid5 = _errs28 === errors;
}
else {
var valid5 = true;
}
if(valid5){
if(data10.locales !== undefined){
let data13 = data10.locales;
const _errs30 = errors;
if(errors === _errs30){
if(Array.isArray(data13)){
var valid6 = true;
const len1 = data13.length;
for(let i1=0; i1<len1; i1++){
const _errs32 = errors;
if(typeof data13[i1] !== "string"){
validate22.errors = [{instancePath:instancePath+"/localization/locales/" + i1,schemaPath:"#/components/schemas/MetadataLocalization/properties/locales/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid6 = _errs32 === errors;
if(!valid6){
break;
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/localization/locales",schemaPath:"#/components/schemas/MetadataLocalization/properties/locales/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid5 = _errs30 === errors;
}
else {
var valid5 = true;
}
}
}
}
}
else {
validate22.errors = [{instancePath:instancePath+"/localization",schemaPath:"#/components/schemas/MetadataLocalization/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs23 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
else {
validate22.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":{"sip":true,"name":true,"image":true,"cached_image":true,"cached_thumbnail_image":true,"attributes":true,"properties":true,"localization":true},"dynamicProps":false,"dynamicItems":false};


function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.token_uri !== undefined){
const _errs1 = errors;
if(typeof data.token_uri !== "string"){
validate21.errors = [{instancePath:instancePath+"/token_uri",schemaPath:"#/properties/token_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.decimals !== undefined){
let data1 = data.decimals;
const _errs3 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
validate21.errors = [{instancePath:instancePath+"/decimals",schemaPath:"#/properties/decimals/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs3){
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 1 || isNaN(data1)){
validate21.errors = [{instancePath:instancePath+"/decimals",schemaPath:"#/properties/decimals/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.total_supply !== undefined){
let data2 = data.total_supply;
const _errs5 = errors;
if(errors === _errs5){
if(typeof data2 === "string"){
if(!pattern4.test(data2)){
validate21.errors = [{instancePath:instancePath+"/total_supply",schemaPath:"#/properties/total_supply/pattern",keyword:"pattern",params:{pattern: "^[0-9]+$"},message:"must match pattern \""+"^[0-9]+$"+"\""}];
return false;
}
}
else {
validate21.errors = [{instancePath:instancePath+"/total_supply",schemaPath:"#/properties/total_supply/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
const _errs7 = errors;
if(!(validate22(data.metadata, {instancePath:instancePath+"/metadata",parentData:data,parentDataProperty:"metadata",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
errors = vErrors.length;
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
else {
validate21.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":{"token_uri":true,"decimals":true,"total_supply":true,"metadata":true},"dynamicProps":false,"dynamicItems":false};

export const getSatoshiInscriptions = validate24;
const schema36 = {"type":"object","required":["limit","offset","total","results"],"properties":{"limit":{"type":"integer","minimum":1},"offset":{"type":"integer","minimum":0},"total":{"type":"integer","minimum":0},"results":{"type":"array","items":{"$ref":"#/components/schemas/Inscription"}}}};
const schema37 = {"type":"object","required":["id","number","address","genesis_address","genesis_block_height","genesis_block_hash","genesis_tx_id","genesis_fee","genesis_timestamp","tx_id","location","output","value","offset","sat_ordinal","sat_rarity","sat_coinbase_height","mime_type","content_type","content_length","timestamp","curse_type","recursive","recursion_refs","parent","parent_refs","delegate","metadata","meta_protocol","charms"],"properties":{"id":{"type":"string","pattern":"^[0-9a-f]{64}i[0-9]+$"},"number":{"type":"integer"},"address":{"type":["string","null"]},"genesis_address":{"type":["string","null"]},"genesis_block_height":{"type":"integer","minimum":0},"genesis_block_hash":{"type":"string","pattern":"^[0-9a-f]{64}$"},"genesis_tx_id":{"type":"string","pattern":"^[0-9a-f]{64}$"},"genesis_fee":{"type":"string","pattern":"^[0-9]+$"},"genesis_timestamp":{"type":"integer","minimum":0},"tx_id":{"type":"string","pattern":"^[0-9a-f]{64}$"},"location":{"type":"string","pattern":"^[0-9a-f]{64}:[0-9]+:([0-9]+|null)$"},"output":{"type":"string","pattern":"^[0-9a-f]{64}:[0-9]+$"},"value":{"type":["string","null"],"pattern":"^[0-9]+$"},"offset":{"type":["string","null"],"pattern":"^[0-9]+$"},"sat_ordinal":{"type":"string","pattern":"^[0-9]+$"},"sat_rarity":{"type":"string","enum":["common","uncommon","rare","epic","legendary","mythic"]},"sat_coinbase_height":{"type":"integer","minimum":0},"mime_type":{"type":"string"},"content_type":{"type":"string"},"content_length":{"type":"integer","minimum":0},"timestamp":{"type":"integer","minimum":0},"curse_type":{"type":["string","null"]},"recursive":{"type":"boolean"},"recursion_refs":{"type":"array","items":{"type":"string"}},"parent":{"type":"null"},"parent_refs":{"type":"array","items":{"type":"string"}},"delegate":{"type":["string","null"]},"metadata":{},"meta_protocol":{"type":["string","null"]},"charms":{"type":"array","items":{"type":"string","enum":["coin","cursed","epic","legendary","lost","nineball","rare","reinscription","unbound","uncommon","vindicated","mythic","burned","palindrome"]}}}};
const pattern5 = new RegExp("^[0-9a-f]{64}i[0-9]+$", "u");
const pattern6 = new RegExp("^[0-9a-f]{64}$", "u");
const pattern10 = new RegExp("^[0-9a-f]{64}:[0-9]+:([0-9]+|null)$", "u");
const pattern11 = new RegExp("^[0-9a-f]{64}:[0-9]+$", "u");

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((data.limit === undefined) && (missing0 = "limit")) || ((data.offset === undefined) && (missing0 = "offset"))) || ((data.total === undefined) && (missing0 = "total"))) || ((data.results === undefined) && (missing0 = "results"))){
validate24.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.limit !== undefined){
let data0 = data.limit;
const _errs1 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
validate24.errors = [{instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs1){
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 1 || isNaN(data0)){
validate24.errors = [{instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.offset !== undefined){
let data1 = data.offset;
const _errs3 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
validate24.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs3){
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
validate24.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.total !== undefined){
let data2 = data.total;
const _errs5 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
validate24.errors = [{instancePath:instancePath+"/total",schemaPath:"#/properties/total/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs5){
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
validate24.errors = [{instancePath:instancePath+"/total",schemaPath:"#/properties/total/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.results !== undefined){
let data3 = data.results;
const _errs7 = errors;
if(errors === _errs7){
if(Array.isArray(data3)){
var valid1 = true;
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
const _errs9 = errors;
const _errs10 = errors;
if(errors === _errs10){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
let missing1;
if(((((((((((((((((((((((((((((((data4.id === undefined) && (missing1 = "id")) || ((data4.number === undefined) && (missing1 = "number"))) || ((data4.address === undefined) && (missing1 = "address"))) || ((data4.genesis_address === undefined) && (missing1 = "genesis_address"))) || ((data4.genesis_block_height === undefined) && (missing1 = "genesis_block_height"))) || ((data4.genesis_block_hash === undefined) && (missing1 = "genesis_block_hash"))) || ((data4.genesis_tx_id === undefined) && (missing1 = "genesis_tx_id"))) || ((data4.genesis_fee === undefined) && (missing1 = "genesis_fee"))) || ((data4.genesis_timestamp === undefined) && (missing1 = "genesis_timestamp"))) || ((data4.tx_id === undefined) && (missing1 = "tx_id"))) || ((data4.location === undefined) && (missing1 = "location"))) || ((data4.output === undefined) && (missing1 = "output"))) || ((data4.value === undefined) && (missing1 = "value"))) || ((data4.offset === undefined) && (missing1 = "offset"))) || ((data4.sat_ordinal === undefined) && (missing1 = "sat_ordinal"))) || ((data4.sat_rarity === undefined) && (missing1 = "sat_rarity"))) || ((data4.sat_coinbase_height === undefined) && (missing1 = "sat_coinbase_height"))) || ((data4.mime_type === undefined) && (missing1 = "mime_type"))) || ((data4.content_type === undefined) && (missing1 = "content_type"))) || ((data4.content_length === undefined) && (missing1 = "content_length"))) || ((data4.timestamp === undefined) && (missing1 = "timestamp"))) || ((data4.curse_type === undefined) && (missing1 = "curse_type"))) || ((data4.recursive === undefined) && (missing1 = "recursive"))) || ((data4.recursion_refs === undefined) && (missing1 = "recursion_refs"))) || ((data4.parent === undefined) && (missing1 = "parent"))) || ((data4.parent_refs === undefined) && (missing1 = "parent_refs"))) || ((data4.delegate === undefined) && (missing1 = "delegate"))) || ((data4.metadata === undefined) && (missing1 = "metadata"))) || ((data4.meta_protocol === undefined) && (missing1 = "meta_protocol"))) || ((data4.charms === undefined) && (missing1 = "charms"))){
validate24.errors = [{instancePath:instancePath+"/results/" + i0,schemaPath:"#/components/schemas/Inscription/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data4.id !== undefined){
let data5 = data4.id;
const _errs12 = errors;
if(errors === _errs12){
if(typeof data5 === "string"){
if(!pattern5.test(data5)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/id",schemaPath:"#/components/schemas/Inscription/properties/id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}i[0-9]+$"},message:"must match pattern \""+"^[0-9a-f]{64}i[0-9]+$"+"\""}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/id",schemaPath:"#/components/schemas/Inscription/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.number !== undefined){
let data6 = data4.number;
const _errs14 = errors;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/number",schemaPath:"#/components/schemas/Inscription/properties/number/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
var valid3 = _errs14 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.address !== undefined){
let data7 = data4.address;
const _errs16 = errors;
if((typeof data7 !== "string") && (data7 !== null)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/address",schemaPath:"#/components/schemas/Inscription/properties/address/type",keyword:"type",params:{type: schema37.properties.address.type},message:"must be string,null"}];
return false;
}
var valid3 = _errs16 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.genesis_address !== undefined){
let data8 = data4.genesis_address;
const _errs18 = errors;
if((typeof data8 !== "string") && (data8 !== null)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/genesis_address",schemaPath:"#/components/schemas/Inscription/properties/genesis_address/type",keyword:"type",params:{type: schema37.properties.genesis_address.type},message:"must be string,null"}];
return false;
}
var valid3 = _errs18 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.genesis_block_height !== undefined){
let data9 = data4.genesis_block_height;
const _errs20 = errors;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/genesis_block_height",schemaPath:"#/components/schemas/Inscription/properties/genesis_block_height/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs20){
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/genesis_block_height",schemaPath:"#/components/schemas/Inscription/properties/genesis_block_height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.genesis_block_hash !== undefined){
let data10 = data4.genesis_block_hash;
const _errs22 = errors;
if(errors === _errs22){
if(typeof data10 === "string"){
if(!pattern6.test(data10)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/genesis_block_hash",schemaPath:"#/components/schemas/Inscription/properties/genesis_block_hash/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/genesis_block_hash",schemaPath:"#/components/schemas/Inscription/properties/genesis_block_hash/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs22 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.genesis_tx_id !== undefined){
let data11 = data4.genesis_tx_id;
const _errs24 = errors;
if(errors === _errs24){
if(typeof data11 === "string"){
if(!pattern6.test(data11)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/genesis_tx_id",schemaPath:"#/components/schemas/Inscription/properties/genesis_tx_id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/genesis_tx_id",schemaPath:"#/components/schemas/Inscription/properties/genesis_tx_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs24 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.genesis_fee !== undefined){
let data12 = data4.genesis_fee;
const _errs26 = errors;
if(errors === _errs26){
if(typeof data12 === "string"){
if(!pattern4.test(data12)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/genesis_fee",schemaPath:"#/components/schemas/Inscription/properties/genesis_fee/pattern",keyword:"pattern",params:{pattern: "^[0-9]+$"},message:"must match pattern \""+"^[0-9]+$"+"\""}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/genesis_fee",schemaPath:"#/components/schemas/Inscription/properties/genesis_fee/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs26 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.genesis_timestamp !== undefined){
let data13 = data4.genesis_timestamp;
const _errs28 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/genesis_timestamp",schemaPath:"#/components/schemas/Inscription/properties/genesis_timestamp/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs28){
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/genesis_timestamp",schemaPath:"#/components/schemas/Inscription/properties/genesis_timestamp/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid3 = _errs28 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.tx_id !== undefined){
let data14 = data4.tx_id;
const _errs30 = errors;
if(errors === _errs30){
if(typeof data14 === "string"){
if(!pattern6.test(data14)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/tx_id",schemaPath:"#/components/schemas/Inscription/properties/tx_id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/tx_id",schemaPath:"#/components/schemas/Inscription/properties/tx_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs30 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.location !== undefined){
let data15 = data4.location;
const _errs32 = errors;
if(errors === _errs32){
if(typeof data15 === "string"){
if(!pattern10.test(data15)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/location",schemaPath:"#/components/schemas/Inscription/properties/location/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}:[0-9]+:([0-9]+|null)$"},message:"must match pattern \""+"^[0-9a-f]{64}:[0-9]+:([0-9]+|null)$"+"\""}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/location",schemaPath:"#/components/schemas/Inscription/properties/location/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs32 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.output !== undefined){
let data16 = data4.output;
const _errs34 = errors;
if(errors === _errs34){
if(typeof data16 === "string"){
if(!pattern11.test(data16)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/output",schemaPath:"#/components/schemas/Inscription/properties/output/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}:[0-9]+$"},message:"must match pattern \""+"^[0-9a-f]{64}:[0-9]+$"+"\""}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/output",schemaPath:"#/components/schemas/Inscription/properties/output/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs34 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.value !== undefined){
let data17 = data4.value;
const _errs36 = errors;
if((typeof data17 !== "string") && (data17 !== null)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/value",schemaPath:"#/components/schemas/Inscription/properties/value/type",keyword:"type",params:{type: schema37.properties.value.type},message:"must be string,null"}];
return false;
}
if(errors === _errs36){
if(typeof data17 === "string"){
if(!pattern4.test(data17)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/value",schemaPath:"#/components/schemas/Inscription/properties/value/pattern",keyword:"pattern",params:{pattern: "^[0-9]+$"},message:"must match pattern \""+"^[0-9]+$"+"\""}];
return false;
}
}
}
var valid3 = _errs36 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.offset !== undefined){
let data18 = data4.offset;
const _errs38 = errors;
if((typeof data18 !== "string") && (data18 !== null)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/offset",schemaPath:"#/components/schemas/Inscription/properties/offset/type",keyword:"type",params:{type: schema37.properties.offset.type},message:"must be string,null"}];
return false;
}
if(errors === _errs38){
if(typeof data18 === "string"){
if(!pattern4.test(data18)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/offset",schemaPath:"#/components/schemas/Inscription/properties/offset/pattern",keyword:"pattern",params:{pattern: "^[0-9]+$"},message:"must match pattern \""+"^[0-9]+$"+"\""}];
return false;
}
}
}
var valid3 = _errs38 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.sat_ordinal !== undefined){
let data19 = data4.sat_ordinal;
const _errs40 = errors;
if(errors === _errs40){
if(typeof data19 === "string"){
if(!pattern4.test(data19)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/sat_ordinal",schemaPath:"#/components/schemas/Inscription/properties/sat_ordinal/pattern",keyword:"pattern",params:{pattern: "^[0-9]+$"},message:"must match pattern \""+"^[0-9]+$"+"\""}];
return false;
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/sat_ordinal",schemaPath:"#/components/schemas/Inscription/properties/sat_ordinal/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid3 = _errs40 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.sat_rarity !== undefined){
let data20 = data4.sat_rarity;
const _errs42 = errors;
if(typeof data20 !== "string"){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/sat_rarity",schemaPath:"#/components/schemas/Inscription/properties/sat_rarity/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((((((data20 === "common") || (data20 === "uncommon")) || (data20 === "rare")) || (data20 === "epic")) || (data20 === "legendary")) || (data20 === "mythic"))){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/sat_rarity",schemaPath:"#/components/schemas/Inscription/properties/sat_rarity/enum",keyword:"enum",params:{allowedValues: schema37.properties.sat_rarity.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid3 = _errs42 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.sat_coinbase_height !== undefined){
let data21 = data4.sat_coinbase_height;
const _errs44 = errors;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/sat_coinbase_height",schemaPath:"#/components/schemas/Inscription/properties/sat_coinbase_height/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs44){
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/sat_coinbase_height",schemaPath:"#/components/schemas/Inscription/properties/sat_coinbase_height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid3 = _errs44 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.mime_type !== undefined){
const _errs46 = errors;
if(typeof data4.mime_type !== "string"){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/mime_type",schemaPath:"#/components/schemas/Inscription/properties/mime_type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs46 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.content_type !== undefined){
const _errs48 = errors;
if(typeof data4.content_type !== "string"){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/content_type",schemaPath:"#/components/schemas/Inscription/properties/content_type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs48 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.content_length !== undefined){
let data24 = data4.content_length;
const _errs50 = errors;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/content_length",schemaPath:"#/components/schemas/Inscription/properties/content_length/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs50){
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 < 0 || isNaN(data24)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/content_length",schemaPath:"#/components/schemas/Inscription/properties/content_length/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid3 = _errs50 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.timestamp !== undefined){
let data25 = data4.timestamp;
const _errs52 = errors;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/timestamp",schemaPath:"#/components/schemas/Inscription/properties/timestamp/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs52){
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 < 0 || isNaN(data25)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/timestamp",schemaPath:"#/components/schemas/Inscription/properties/timestamp/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid3 = _errs52 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.curse_type !== undefined){
let data26 = data4.curse_type;
const _errs54 = errors;
if((typeof data26 !== "string") && (data26 !== null)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/curse_type",schemaPath:"#/components/schemas/Inscription/properties/curse_type/type",keyword:"type",params:{type: schema37.properties.curse_type.type},message:"must be string,null"}];
return false;
}
var valid3 = _errs54 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.recursive !== undefined){
const _errs56 = errors;
if(typeof data4.recursive !== "boolean"){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/recursive",schemaPath:"#/components/schemas/Inscription/properties/recursive/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"}];
return false;
}
var valid3 = _errs56 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.recursion_refs !== undefined){
let data28 = data4.recursion_refs;
const _errs58 = errors;
if(errors === _errs58){
if(Array.isArray(data28)){
var valid4 = true;
const len1 = data28.length;
for(let i1=0; i1<len1; i1++){
const _errs60 = errors;
if(typeof data28[i1] !== "string"){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/recursion_refs/" + i1,schemaPath:"#/components/schemas/Inscription/properties/recursion_refs/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid4 = _errs60 === errors;
if(!valid4){
break;
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/recursion_refs",schemaPath:"#/components/schemas/Inscription/properties/recursion_refs/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs58 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.parent !== undefined){
const _errs62 = errors;
if(data4.parent !== null){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/parent",schemaPath:"#/components/schemas/Inscription/properties/parent/type",keyword:"type",params:{type: "null"},message:"must be null"}];
return false;
}
var valid3 = _errs62 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.parent_refs !== undefined){
let data31 = data4.parent_refs;
const _errs64 = errors;
if(errors === _errs64){
if(Array.isArray(data31)){
var valid5 = true;
const len2 = data31.length;
for(let i2=0; i2<len2; i2++){
const _errs66 = errors;
if(typeof data31[i2] !== "string"){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/parent_refs/" + i2,schemaPath:"#/components/schemas/Inscription/properties/parent_refs/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid5 = _errs66 === errors;
if(!valid5){
break;
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/parent_refs",schemaPath:"#/components/schemas/Inscription/properties/parent_refs/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs64 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.delegate !== undefined){
let data33 = data4.delegate;
const _errs68 = errors;
if((typeof data33 !== "string") && (data33 !== null)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/delegate",schemaPath:"#/components/schemas/Inscription/properties/delegate/type",keyword:"type",params:{type: schema37.properties.delegate.type},message:"must be string,null"}];
return false;
}
var valid3 = _errs68 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.meta_protocol !== undefined){
let data34 = data4.meta_protocol;
const _errs70 = errors;
if((typeof data34 !== "string") && (data34 !== null)){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/meta_protocol",schemaPath:"#/components/schemas/Inscription/properties/meta_protocol/type",keyword:"type",params:{type: schema37.properties.meta_protocol.type},message:"must be string,null"}];
return false;
}
var valid3 = _errs70 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.charms !== undefined){
let data35 = data4.charms;
const _errs72 = errors;
if(errors === _errs72){
if(Array.isArray(data35)){
var valid6 = true;
const len3 = data35.length;
for(let i3=0; i3<len3; i3++){
let data36 = data35[i3];
const _errs74 = errors;
if(typeof data36 !== "string"){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/charms/" + i3,schemaPath:"#/components/schemas/Inscription/properties/charms/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!((((((((((((((data36 === "coin") || (data36 === "cursed")) || (data36 === "epic")) || (data36 === "legendary")) || (data36 === "lost")) || (data36 === "nineball")) || (data36 === "rare")) || (data36 === "reinscription")) || (data36 === "unbound")) || (data36 === "uncommon")) || (data36 === "vindicated")) || (data36 === "mythic")) || (data36 === "burned")) || (data36 === "palindrome"))){
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/charms/" + i3,schemaPath:"#/components/schemas/Inscription/properties/charms/items/enum",keyword:"enum",params:{allowedValues: schema37.properties.charms.items.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid6 = _errs74 === errors;
if(!valid6){
break;
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0+"/charms",schemaPath:"#/components/schemas/Inscription/properties/charms/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid3 = _errs72 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results/" + i0,schemaPath:"#/components/schemas/Inscription/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs9 === errors;
if(!valid1){
break;
}
}
}
else {
validate24.errors = [{instancePath:instancePath+"/results",schemaPath:"#/properties/results/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
else {
validate24.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":{"limit":true,"offset":true,"total":true,"results":true},"dynamicProps":false,"dynamicItems":false};

export const getTransactionActivity = validate25;
const schema38 = {"type":"object","required":["limit","offset","total","results"],"properties":{"limit":{"type":"integer","minimum":1},"offset":{"type":"integer","minimum":0},"total":{"type":"integer","minimum":0},"results":{"type":"array","items":{"$ref":"#/components/schemas/RuneActivity"}}}};
const schema39 = {"type":"object","required":["rune","operation","location"],"properties":{"rune":{"$ref":"#/components/schemas/RuneRef"},"operation":{"type":"string","enum":["etching","mint","burn","send","receive"]},"address":{"type":"string"},"receiver_address":{"type":"string"},"amount":{"type":"string","pattern":"^[0-9]+(\\.[0-9]+)?$"},"location":{"$ref":"#/components/schemas/ActivityLocation"}}};
const schema40 = {"type":"object","required":["id","number","name","spaced_name"],"properties":{"id":{"type":"string"},"number":{"type":"integer"},"name":{"type":"string"},"spaced_name":{"type":"string"}}};
const schema41 = {"type":"object","required":["block_hash","block_height","tx_id","tx_index","timestamp"],"properties":{"block_hash":{"type":"string","pattern":"^[0-9a-f]{64}$"},"block_height":{"type":"integer","minimum":0},"tx_id":{"type":"string","pattern":"^[0-9a-f]{64}$"},"tx_index":{"type":"integer","minimum":0},"vout":{"type":"integer","minimum":0},"output":{"type":"string","pattern":"^[0-9a-f]{64}:[0-9]+$"},"timestamp":{"type":"integer","minimum":0}}};
const pattern15 = new RegExp("^[0-9]+(\\.[0-9]+)?$", "u");

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate26.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.rune === undefined) && (missing0 = "rune")) || ((data.operation === undefined) && (missing0 = "operation"))) || ((data.location === undefined) && (missing0 = "location"))){
validate26.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.rune !== undefined){
let data0 = data.rune;
const _errs1 = errors;
const _errs2 = errors;
if(errors === _errs2){
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
let missing1;
if(((((data0.id === undefined) && (missing1 = "id")) || ((data0.number === undefined) && (missing1 = "number"))) || ((data0.name === undefined) && (missing1 = "name"))) || ((data0.spaced_name === undefined) && (missing1 = "spaced_name"))){
validate26.errors = [{instancePath:instancePath+"/rune",schemaPath:"#/components/schemas/RuneRef/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data0.id !== undefined){
const _errs4 = errors;
if(typeof data0.id !== "string"){
validate26.errors = [{instancePath:instancePath+"/rune/id",schemaPath:"#/components/schemas/RuneRef/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs4 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.number !== undefined){
let data2 = data0.number;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
validate26.errors = [{instancePath:instancePath+"/rune/number",schemaPath:"#/components/schemas/RuneRef/properties/number/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
var valid2 = _errs6 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.name !== undefined){
const _errs8 = errors;
if(typeof data0.name !== "string"){
validate26.errors = [{instancePath:instancePath+"/rune/name",schemaPath:"#/components/schemas/RuneRef/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs8 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.spaced_name !== undefined){
const _errs10 = errors;
if(typeof data0.spaced_name !== "string"){
validate26.errors = [{instancePath:instancePath+"/rune/spaced_name",schemaPath:"#/components/schemas/RuneRef/properties/spaced_name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/rune",schemaPath:"#/components/schemas/RuneRef/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.operation !== undefined){
let data5 = data.operation;
const _errs12 = errors;
if(typeof data5 !== "string"){
validate26.errors = [{instancePath:instancePath+"/operation",schemaPath:"#/properties/operation/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
if(!(((((data5 === "etching") || (data5 === "mint")) || (data5 === "burn")) || (data5 === "send")) || (data5 === "receive"))){
validate26.errors = [{instancePath:instancePath+"/operation",schemaPath:"#/properties/operation/enum",keyword:"enum",params:{allowedValues: schema39.properties.operation.enum},message:"must be equal to one of the allowed values"}];
return false;
}
var valid0 = _errs12 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.address !== undefined){
const _errs14 = errors;
if(typeof data.address !== "string"){
validate26.errors = [{instancePath:instancePath+"/address",schemaPath:"#/properties/address/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs14 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.receiver_address !== undefined){
const _errs16 = errors;
if(typeof data.receiver_address !== "string"){
validate26.errors = [{instancePath:instancePath+"/receiver_address",schemaPath:"#/properties/receiver_address/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs16 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.amount !== undefined){
let data8 = data.amount;
const _errs18 = errors;
if(errors === _errs18){
if(typeof data8 === "string"){
if(!pattern15.test(data8)){
validate26.errors = [{instancePath:instancePath+"/amount",schemaPath:"#/properties/amount/pattern",keyword:"pattern",params:{pattern: "^[0-9]+(\\.[0-9]+)?$"},message:"must match pattern \""+"^[0-9]+(\\.[0-9]+)?$"+"\""}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/amount",schemaPath:"#/properties/amount/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs18 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.location !== undefined){
let data9 = data.location;
const _errs20 = errors;
const _errs21 = errors;
if(errors === _errs21){
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
let missing2;
if((((((data9.block_hash === undefined) && (missing2 = "block_hash")) || ((data9.block_height === undefined) && (missing2 = "block_height"))) || ((data9.tx_id === undefined) && (missing2 = "tx_id"))) || ((data9.tx_index === undefined) && (missing2 = "tx_index"))) || ((data9.timestamp === undefined) && (missing2 = "timestamp"))){
validate26.errors = [{instancePath:instancePath+"/location",schemaPath:"#/components/schemas/ActivityLocation/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"}];
return false;
}
else {
if(data9.block_hash !== undefined){
let data10 = data9.block_hash;
const _errs23 = errors;
if(errors === _errs23){
if(typeof data10 === "string"){
if(!pattern6.test(data10)){
validate26.errors = [{instancePath:instancePath+"/location/block_hash",schemaPath:"#/components/schemas/ActivityLocation/properties/block_hash/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/location/block_hash",schemaPath:"#/components/schemas/ActivityLocation/properties/block_hash/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs23 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data9.block_height !== undefined){
let data11 = data9.block_height;
const _errs25 = errors;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
validate26.errors = [{instancePath:instancePath+"/location/block_height",schemaPath:"#/components/schemas/ActivityLocation/properties/block_height/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs25){
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 0 || isNaN(data11)){
validate26.errors = [{instancePath:instancePath+"/location/block_height",schemaPath:"#/components/schemas/ActivityLocation/properties/block_height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid4 = _errs25 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data9.tx_id !== undefined){
let data12 = data9.tx_id;
const _errs27 = errors;
if(errors === _errs27){
if(typeof data12 === "string"){
if(!pattern6.test(data12)){
validate26.errors = [{instancePath:instancePath+"/location/tx_id",schemaPath:"#/components/schemas/ActivityLocation/properties/tx_id/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/location/tx_id",schemaPath:"#/components/schemas/ActivityLocation/properties/tx_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs27 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data9.tx_index !== undefined){
let data13 = data9.tx_index;
const _errs29 = errors;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
validate26.errors = [{instancePath:instancePath+"/location/tx_index",schemaPath:"#/components/schemas/ActivityLocation/properties/tx_index/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs29){
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
validate26.errors = [{instancePath:instancePath+"/location/tx_index",schemaPath:"#/components/schemas/ActivityLocation/properties/tx_index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid4 = _errs29 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data9.vout !== undefined){
let data14 = data9.vout;
const _errs31 = errors;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
validate26.errors = [{instancePath:instancePath+"/location/vout",schemaPath:"#/components/schemas/ActivityLocation/properties/vout/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs31){
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 0 || isNaN(data14)){
validate26.errors = [{instancePath:instancePath+"/location/vout",schemaPath:"#/components/schemas/ActivityLocation/properties/vout/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid4 = _errs31 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data9.output !== undefined){
let data15 = data9.output;
const _errs33 = errors;
if(errors === _errs33){
if(typeof data15 === "string"){
if(!pattern11.test(data15)){
validate26.errors = [{instancePath:instancePath+"/location/output",schemaPath:"#/components/schemas/ActivityLocation/properties/output/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}:[0-9]+$"},message:"must match pattern \""+"^[0-9a-f]{64}:[0-9]+$"+"\""}];
return false;
}
}
else {
validate26.errors = [{instancePath:instancePath+"/location/output",schemaPath:"#/components/schemas/ActivityLocation/properties/output/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid4 = _errs33 === errors;
}
else {
var valid4 = true;
}
if(valid4){
if(data9.timestamp !== undefined){
let data16 = data9.timestamp;
const _errs35 = errors;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
validate26.errors = [{instancePath:instancePath+"/location/timestamp",schemaPath:"#/components/schemas/ActivityLocation/properties/timestamp/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs35){
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
validate26.errors = [{instancePath:instancePath+"/location/timestamp",schemaPath:"#/components/schemas/ActivityLocation/properties/timestamp/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid4 = _errs35 === errors;
}
else {
var valid4 = true;
}
}
}
}
}
}
}
}
}
else {
validate26.errors = [{instancePath:instancePath+"/location",schemaPath:"#/components/schemas/ActivityLocation/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs20 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
else {
validate26.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate26.errors = vErrors;
return errors === 0;
}
validate26.evaluated = {"props":{"rune":true,"operation":true,"address":true,"receiver_address":true,"amount":true,"location":true},"dynamicProps":false,"dynamicItems":false};


function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate25.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((data.limit === undefined) && (missing0 = "limit")) || ((data.offset === undefined) && (missing0 = "offset"))) || ((data.total === undefined) && (missing0 = "total"))) || ((data.results === undefined) && (missing0 = "results"))){
validate25.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.limit !== undefined){
let data0 = data.limit;
const _errs1 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
validate25.errors = [{instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs1){
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 1 || isNaN(data0)){
validate25.errors = [{instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.offset !== undefined){
let data1 = data.offset;
const _errs3 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
validate25.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs3){
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
validate25.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.total !== undefined){
let data2 = data.total;
const _errs5 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
validate25.errors = [{instancePath:instancePath+"/total",schemaPath:"#/properties/total/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs5){
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
validate25.errors = [{instancePath:instancePath+"/total",schemaPath:"#/properties/total/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.results !== undefined){
let data3 = data.results;
const _errs7 = errors;
if(errors === _errs7){
if(Array.isArray(data3)){
var valid1 = true;
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
const _errs9 = errors;
if(!(validate26(data3[i0], {instancePath:instancePath+"/results/" + i0,parentData:data3,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate26.errors : vErrors.concat(validate26.errors);
errors = vErrors.length;
}
var valid1 = _errs9 === errors;
if(!valid1){
break;
}
}
}
else {
validate25.errors = [{instancePath:instancePath+"/results",schemaPath:"#/properties/results/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
else {
validate25.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate25.errors = vErrors;
return errors === 0;
}
validate25.evaluated = {"props":{"limit":true,"offset":true,"total":true,"results":true},"dynamicProps":false,"dynamicItems":false};

export const searchTokens = validate28;
const schema42 = {"type":"array","items":{"$ref":"#/components/schemas/SearchResultItem"}};
const schema43 = {"type":"object","required":["contract_id","token_number","token_type","tx_id","sender_address"],"properties":{"contract_id":{"type":"string"},"token_number":{"type":"integer"},"token_type":{"type":"string"},"tx_id":{"type":"string"},"sender_address":{"type":"string"},"name":{"type":"string"},"symbol":{"type":"string"},"decimals":{"type":"integer"},"total_supply":{"type":"string"},"token_uri":{"type":"string"},"image_uri":{"type":"string"},"image_thumbnail_uri":{"type":"string"},"image_canonical_uri":{"type":"string"}}};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate28.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(Array.isArray(data)){
var valid0 = true;
const len0 = data.length;
for(let i0=0; i0<len0; i0++){
let data0 = data[i0];
const _errs1 = errors;
const _errs2 = errors;
if(errors === _errs2){
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
let missing0;
if((((((data0.contract_id === undefined) && (missing0 = "contract_id")) || ((data0.token_number === undefined) && (missing0 = "token_number"))) || ((data0.token_type === undefined) && (missing0 = "token_type"))) || ((data0.tx_id === undefined) && (missing0 = "tx_id"))) || ((data0.sender_address === undefined) && (missing0 = "sender_address"))){
validate28.errors = [{instancePath:instancePath+"/" + i0,schemaPath:"#/components/schemas/SearchResultItem/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data0.contract_id !== undefined){
const _errs4 = errors;
if(typeof data0.contract_id !== "string"){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/contract_id",schemaPath:"#/components/schemas/SearchResultItem/properties/contract_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs4 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.token_number !== undefined){
let data2 = data0.token_number;
const _errs6 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/token_number",schemaPath:"#/components/schemas/SearchResultItem/properties/token_number/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
var valid2 = _errs6 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.token_type !== undefined){
const _errs8 = errors;
if(typeof data0.token_type !== "string"){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/token_type",schemaPath:"#/components/schemas/SearchResultItem/properties/token_type/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs8 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.tx_id !== undefined){
const _errs10 = errors;
if(typeof data0.tx_id !== "string"){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/tx_id",schemaPath:"#/components/schemas/SearchResultItem/properties/tx_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs10 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.sender_address !== undefined){
const _errs12 = errors;
if(typeof data0.sender_address !== "string"){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/sender_address",schemaPath:"#/components/schemas/SearchResultItem/properties/sender_address/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs12 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.name !== undefined){
const _errs14 = errors;
if(typeof data0.name !== "string"){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/name",schemaPath:"#/components/schemas/SearchResultItem/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs14 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.symbol !== undefined){
const _errs16 = errors;
if(typeof data0.symbol !== "string"){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/symbol",schemaPath:"#/components/schemas/SearchResultItem/properties/symbol/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs16 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.decimals !== undefined){
let data8 = data0.decimals;
const _errs18 = errors;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/decimals",schemaPath:"#/components/schemas/SearchResultItem/properties/decimals/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
var valid2 = _errs18 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.total_supply !== undefined){
const _errs20 = errors;
if(typeof data0.total_supply !== "string"){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/total_supply",schemaPath:"#/components/schemas/SearchResultItem/properties/total_supply/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs20 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.token_uri !== undefined){
const _errs22 = errors;
if(typeof data0.token_uri !== "string"){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/token_uri",schemaPath:"#/components/schemas/SearchResultItem/properties/token_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs22 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.image_uri !== undefined){
const _errs24 = errors;
if(typeof data0.image_uri !== "string"){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/image_uri",schemaPath:"#/components/schemas/SearchResultItem/properties/image_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs24 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.image_thumbnail_uri !== undefined){
const _errs26 = errors;
if(typeof data0.image_thumbnail_uri !== "string"){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/image_thumbnail_uri",schemaPath:"#/components/schemas/SearchResultItem/properties/image_thumbnail_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs26 === errors;
}
else {
var valid2 = true;
}
if(valid2){
if(data0.image_canonical_uri !== undefined){
const _errs28 = errors;
if(typeof data0.image_canonical_uri !== "string"){
validate28.errors = [{instancePath:instancePath+"/" + i0+"/image_canonical_uri",schemaPath:"#/components/schemas/SearchResultItem/properties/image_canonical_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid2 = _errs28 === errors;
}
else {
var valid2 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate28.errors = [{instancePath:instancePath+"/" + i0,schemaPath:"#/components/schemas/SearchResultItem/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid0 = _errs1 === errors;
if(!valid0){
break;
}
}
}
else {
validate28.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
validate28.errors = vErrors;
return errors === 0;
}
validate28.evaluated = {"items":true,"dynamicProps":false,"dynamicItems":false};

export const getApiStatus = validate29;
const schema44 = {"type":"object","required":["server_version","status","chain_tip"],"properties":{"server_version":{"type":"string"},"status":{"type":"string"},"chain_tip":{"oneOf":[{"$ref":"#/components/schemas/ChainTip"},{"type":"null"}]}}};
const schema45 = {"type":"object","required":["block_height","index_block_hash"],"properties":{"block_height":{"type":"integer","minimum":0},"index_block_hash":{"type":"string"}}};

function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate29.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.server_version === undefined) && (missing0 = "server_version")) || ((data.status === undefined) && (missing0 = "status"))) || ((data.chain_tip === undefined) && (missing0 = "chain_tip"))){
validate29.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.server_version !== undefined){
const _errs1 = errors;
if(typeof data.server_version !== "string"){
validate29.errors = [{instancePath:instancePath+"/server_version",schemaPath:"#/properties/server_version/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.status !== undefined){
const _errs3 = errors;
if(typeof data.status !== "string"){
validate29.errors = [{instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.chain_tip !== undefined){
let data2 = data.chain_tip;
const _errs5 = errors;
const _errs6 = errors;
let valid1 = false;
let passing0 = null;
const _errs7 = errors;
const _errs8 = errors;
if(errors === _errs8){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if(((data2.block_height === undefined) && (missing1 = "block_height")) || ((data2.index_block_hash === undefined) && (missing1 = "index_block_hash"))){
const err0 = {instancePath:instancePath+"/chain_tip",schemaPath:"#/components/schemas/ChainTip/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
else {
if(data2.block_height !== undefined){
let data3 = data2.block_height;
const _errs10 = errors;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err1 = {instancePath:instancePath+"/chain_tip/block_height",schemaPath:"#/components/schemas/ChainTip/properties/block_height/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(errors === _errs10){
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err2 = {instancePath:instancePath+"/chain_tip/block_height",schemaPath:"#/components/schemas/ChainTip/properties/block_height/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
var valid3 = _errs10 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data2.index_block_hash !== undefined){
const _errs12 = errors;
if(typeof data2.index_block_hash !== "string"){
const err3 = {instancePath:instancePath+"/chain_tip/index_block_hash",schemaPath:"#/components/schemas/ChainTip/properties/index_block_hash/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
}
}
}
else {
const err4 = {instancePath:instancePath+"/chain_tip",schemaPath:"#/components/schemas/ChainTip/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
var _valid0 = _errs7 === errors;
if(_valid0){
valid1 = true;
passing0 = 0;
var props0 = {};
props0.block_height = true;
props0.index_block_hash = true;
}
const _errs14 = errors;
if(data2 !== null){
const err5 = {instancePath:instancePath+"/chain_tip",schemaPath:"#/properties/chain_tip/oneOf/1/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var _valid0 = _errs14 === errors;
if(_valid0 && valid1){
valid1 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid1 = true;
passing0 = 1;
}
}
if(!valid1){
const err6 = {instancePath:instancePath+"/chain_tip",schemaPath:"#/properties/chain_tip/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
validate29.errors = vErrors;
return false;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
else {
validate29.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate29.errors = vErrors;
return errors === 0;
}
validate29.evaluated = {"props":{"server_version":true,"status":true,"chain_tip":true},"dynamicProps":false,"dynamicItems":false};

export const getFungibleTokens = validate30;
const schema46 = {"type":"object","required":["limit","offset","total","results"],"properties":{"limit":{"type":"integer","minimum":1,"maximum":60},"offset":{"type":"integer","minimum":0},"total":{"type":"integer","minimum":0},"results":{"type":"array","maxItems":60,"items":{"$ref":"#/components/schemas/FtBasicMetadata"}}}};
const schema47 = {"type":"object","required":["tx_id","sender_address","asset_identifier","contract_principal"],"properties":{"name":{"type":"string"},"symbol":{"type":"string"},"decimals":{"type":"integer"},"total_supply":{"type":"string"},"token_uri":{"type":"string"},"image_uri":{"type":"string"},"image_thumbnail_uri":{"type":"string"},"image_canonical_uri":{"type":"string"},"tx_id":{"type":"string"},"sender_address":{"type":"string"},"asset_identifier":{"type":"string"},"contract_principal":{"type":"string"}}};

function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate30.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if(((((data.limit === undefined) && (missing0 = "limit")) || ((data.offset === undefined) && (missing0 = "offset"))) || ((data.total === undefined) && (missing0 = "total"))) || ((data.results === undefined) && (missing0 = "results"))){
validate30.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.limit !== undefined){
let data0 = data.limit;
const _errs1 = errors;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
validate30.errors = [{instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs1){
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 > 60 || isNaN(data0)){
validate30.errors = [{instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/maximum",keyword:"maximum",params:{comparison: "<=", limit: 60},message:"must be <= 60"}];
return false;
}
else {
if(data0 < 1 || isNaN(data0)){
validate30.errors = [{instancePath:instancePath+"/limit",schemaPath:"#/properties/limit/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"}];
return false;
}
}
}
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.offset !== undefined){
let data1 = data.offset;
const _errs3 = errors;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
validate30.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs3){
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
validate30.errors = [{instancePath:instancePath+"/offset",schemaPath:"#/properties/offset/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.total !== undefined){
let data2 = data.total;
const _errs5 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
validate30.errors = [{instancePath:instancePath+"/total",schemaPath:"#/properties/total/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
if(errors === _errs5){
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
validate30.errors = [{instancePath:instancePath+"/total",schemaPath:"#/properties/total/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"}];
return false;
}
}
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.results !== undefined){
let data3 = data.results;
const _errs7 = errors;
if(errors === _errs7){
if(Array.isArray(data3)){
if(data3.length > 60){
validate30.errors = [{instancePath:instancePath+"/results",schemaPath:"#/properties/results/maxItems",keyword:"maxItems",params:{limit: 60},message:"must NOT have more than 60 items"}];
return false;
}
else {
var valid1 = true;
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
const _errs9 = errors;
const _errs10 = errors;
if(errors === _errs10){
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
let missing1;
if(((((data4.tx_id === undefined) && (missing1 = "tx_id")) || ((data4.sender_address === undefined) && (missing1 = "sender_address"))) || ((data4.asset_identifier === undefined) && (missing1 = "asset_identifier"))) || ((data4.contract_principal === undefined) && (missing1 = "contract_principal"))){
validate30.errors = [{instancePath:instancePath+"/results/" + i0,schemaPath:"#/components/schemas/FtBasicMetadata/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"}];
return false;
}
else {
if(data4.name !== undefined){
const _errs12 = errors;
if(typeof data4.name !== "string"){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/name",schemaPath:"#/components/schemas/FtBasicMetadata/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs12 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.symbol !== undefined){
const _errs14 = errors;
if(typeof data4.symbol !== "string"){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/symbol",schemaPath:"#/components/schemas/FtBasicMetadata/properties/symbol/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs14 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.decimals !== undefined){
let data7 = data4.decimals;
const _errs16 = errors;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/decimals",schemaPath:"#/components/schemas/FtBasicMetadata/properties/decimals/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
var valid3 = _errs16 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.total_supply !== undefined){
const _errs18 = errors;
if(typeof data4.total_supply !== "string"){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/total_supply",schemaPath:"#/components/schemas/FtBasicMetadata/properties/total_supply/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs18 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.token_uri !== undefined){
const _errs20 = errors;
if(typeof data4.token_uri !== "string"){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/token_uri",schemaPath:"#/components/schemas/FtBasicMetadata/properties/token_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs20 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.image_uri !== undefined){
const _errs22 = errors;
if(typeof data4.image_uri !== "string"){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/image_uri",schemaPath:"#/components/schemas/FtBasicMetadata/properties/image_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs22 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.image_thumbnail_uri !== undefined){
const _errs24 = errors;
if(typeof data4.image_thumbnail_uri !== "string"){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/image_thumbnail_uri",schemaPath:"#/components/schemas/FtBasicMetadata/properties/image_thumbnail_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs24 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.image_canonical_uri !== undefined){
const _errs26 = errors;
if(typeof data4.image_canonical_uri !== "string"){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/image_canonical_uri",schemaPath:"#/components/schemas/FtBasicMetadata/properties/image_canonical_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs26 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.tx_id !== undefined){
const _errs28 = errors;
if(typeof data4.tx_id !== "string"){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/tx_id",schemaPath:"#/components/schemas/FtBasicMetadata/properties/tx_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs28 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.sender_address !== undefined){
const _errs30 = errors;
if(typeof data4.sender_address !== "string"){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/sender_address",schemaPath:"#/components/schemas/FtBasicMetadata/properties/sender_address/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs30 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.asset_identifier !== undefined){
const _errs32 = errors;
if(typeof data4.asset_identifier !== "string"){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/asset_identifier",schemaPath:"#/components/schemas/FtBasicMetadata/properties/asset_identifier/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs32 === errors;
}
else {
var valid3 = true;
}
if(valid3){
if(data4.contract_principal !== undefined){
const _errs34 = errors;
if(typeof data4.contract_principal !== "string"){
validate30.errors = [{instancePath:instancePath+"/results/" + i0+"/contract_principal",schemaPath:"#/components/schemas/FtBasicMetadata/properties/contract_principal/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid3 = _errs34 === errors;
}
else {
var valid3 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate30.errors = [{instancePath:instancePath+"/results/" + i0,schemaPath:"#/components/schemas/FtBasicMetadata/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
var valid1 = _errs9 === errors;
if(!valid1){
break;
}
}
}
}
else {
validate30.errors = [{instancePath:instancePath+"/results",schemaPath:"#/properties/results/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
else {
validate30.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate30.errors = vErrors;
return errors === 0;
}
validate30.evaluated = {"props":{"limit":true,"offset":true,"total":true,"results":true},"dynamicProps":false,"dynamicItems":false};

export const getFtMetadata = validate31;
const schema48 = {"type":"object","required":["tx_id","sender_address","asset_identifier"],"properties":{"name":{"type":"string"},"symbol":{"type":"string"},"decimals":{"type":"integer"},"total_supply":{"type":"string"},"token_uri":{"type":"string"},"image_uri":{"type":"string"},"image_thumbnail_uri":{"type":"string"},"image_canonical_uri":{"type":"string"},"tx_id":{"type":"string"},"sender_address":{"type":"string"},"asset_identifier":{"type":"string"},"metadata":{"$ref":"#/components/schemas/Metadata"}}};

function validate31(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate31.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
let missing0;
if((((data.tx_id === undefined) && (missing0 = "tx_id")) || ((data.sender_address === undefined) && (missing0 = "sender_address"))) || ((data.asset_identifier === undefined) && (missing0 = "asset_identifier"))){
validate31.errors = [{instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"}];
return false;
}
else {
if(data.name !== undefined){
const _errs1 = errors;
if(typeof data.name !== "string"){
validate31.errors = [{instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.symbol !== undefined){
const _errs3 = errors;
if(typeof data.symbol !== "string"){
validate31.errors = [{instancePath:instancePath+"/symbol",schemaPath:"#/properties/symbol/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.decimals !== undefined){
let data2 = data.decimals;
const _errs5 = errors;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
validate31.errors = [{instancePath:instancePath+"/decimals",schemaPath:"#/properties/decimals/type",keyword:"type",params:{type: "integer"},message:"must be integer"}];
return false;
}
var valid0 = _errs5 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.total_supply !== undefined){
const _errs7 = errors;
if(typeof data.total_supply !== "string"){
validate31.errors = [{instancePath:instancePath+"/total_supply",schemaPath:"#/properties/total_supply/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs7 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.token_uri !== undefined){
const _errs9 = errors;
if(typeof data.token_uri !== "string"){
validate31.errors = [{instancePath:instancePath+"/token_uri",schemaPath:"#/properties/token_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs9 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.image_uri !== undefined){
const _errs11 = errors;
if(typeof data.image_uri !== "string"){
validate31.errors = [{instancePath:instancePath+"/image_uri",schemaPath:"#/properties/image_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs11 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.image_thumbnail_uri !== undefined){
const _errs13 = errors;
if(typeof data.image_thumbnail_uri !== "string"){
validate31.errors = [{instancePath:instancePath+"/image_thumbnail_uri",schemaPath:"#/properties/image_thumbnail_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs13 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.image_canonical_uri !== undefined){
const _errs15 = errors;
if(typeof data.image_canonical_uri !== "string"){
validate31.errors = [{instancePath:instancePath+"/image_canonical_uri",schemaPath:"#/properties/image_canonical_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs15 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.tx_id !== undefined){
const _errs17 = errors;
if(typeof data.tx_id !== "string"){
validate31.errors = [{instancePath:instancePath+"/tx_id",schemaPath:"#/properties/tx_id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs17 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.sender_address !== undefined){
const _errs19 = errors;
if(typeof data.sender_address !== "string"){
validate31.errors = [{instancePath:instancePath+"/sender_address",schemaPath:"#/properties/sender_address/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs19 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.asset_identifier !== undefined){
const _errs21 = errors;
if(typeof data.asset_identifier !== "string"){
validate31.errors = [{instancePath:instancePath+"/asset_identifier",schemaPath:"#/properties/asset_identifier/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
const _errs23 = errors;
if(!(validate22(data.metadata, {instancePath:instancePath+"/metadata",parentData:data,parentDataProperty:"metadata",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
errors = vErrors.length;
}
var valid0 = _errs23 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
}
}
}
}
}
}
}
}
else {
validate31.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate31.errors = vErrors;
return errors === 0;
}
validate31.evaluated = {"props":{"name":true,"symbol":true,"decimals":true,"total_supply":true,"token_uri":true,"image_uri":true,"image_thumbnail_uri":true,"image_canonical_uri":true,"tx_id":true,"sender_address":true,"asset_identifier":true,"metadata":true},"dynamicProps":false,"dynamicItems":false};

export const getNftMetadata = validate33;
const schema49 = {"type":"object","properties":{"token_uri":{"type":"string"},"metadata":{"$ref":"#/components/schemas/Metadata"}}};

function validate33(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate33.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.token_uri !== undefined){
const _errs1 = errors;
if(typeof data.token_uri !== "string"){
validate33.errors = [{instancePath:instancePath+"/token_uri",schemaPath:"#/properties/token_uri/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.metadata !== undefined){
const _errs3 = errors;
if(!(validate22(data.metadata, {instancePath:instancePath+"/metadata",parentData:data,parentDataProperty:"metadata",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
errors = vErrors.length;
}
var valid0 = _errs3 === errors;
}
else {
var valid0 = true;
}
}
}
else {
validate33.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate33.errors = vErrors;
return errors === 0;
}
validate33.evaluated = {"props":{"token_uri":true,"metadata":true},"dynamicProps":false,"dynamicItems":false};

