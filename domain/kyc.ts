/**
 * Real-name verification (KYC, spec sections 2, 3 and 7): one record per client (the record id is the client id),
 * its status is the client's `kyc_status`. The console's KYC page and the API's `/identify/admin/v1/...` routes both
 * derive from this definition.
 */
import { defineEntity, type ListQuery, type Row } from './entity';

/** Spec label list "KYC statuses". */
export const KYC_STATUSES = ['approved', 'pending', 'rejected', 'unverified'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The identity documents a client may submit. */
export const ID_TYPES = ['id_card', 'passport', 'driving_license'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** A decision of the audit call. */
export const KYC_DECISIONS = ['approved', 'rejected'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/** Longest accepted values of the identity fields (the API's body schemas and the console's inputs). */
export const KYC_MAX = {
  real_name: 100,
  id_number: 50,
  nationality: 50,
  address: 300,
  image: 2000,
  remark: 500,
} as const;

/** The identity fields staff fill in or correct (the body of fill and edit). */
export const KYC_IDENTITY_FIELDS = [
  'real_name',
  'id_type',
  'id_number',
  'nationality',
  'dob',
  'address',
  'front_image',
  'back_image',
  'selfie_image',
] as const;
export type KycIdentityField = (typeof KYC_IDENTITY_FIELDS)[number];

/** The three document images: the stored reference (forms) and its `_url` (a signed URL an <img> loads). */
export const KYC_IMAGES = ['front_image', 'back_image', 'selfie_image'] as const;

export const kyc = defineEntity({
  name: 'kyc',
  resource: 'kyc',
  paths: {
    list: '/identify/admin/v1/list',
    export: '/identify/admin/v1/list/export',
    one: '/identify/admin/v1/detail/{id}',
    update: '/identify/admin/v1/{id}',
    clientDetail: '/identify/admin/v1/client_detail/{id}',
    fill: '/identify/admin/v1/fill/{id}',
    audit: '/identify/admin/v1/audit/{id}',
  },
  sort: { field: 'submitted_at', order: 'desc' },
  fields: [
    { name: 'id', kind: 'id', list: true, sort: true, label: { 'zh-CN': '客户编号', 'en-US': 'Client ID' } },
    {
      name: 'username',
      kind: 'text',
      list: true,
      filter: 'prefix',
      label: { 'zh-CN': '用户名', 'en-US': 'Username' },
    },
    { name: 'full_name', kind: 'text', nullable: true, list: true, label: { 'zh-CN': '姓名', 'en-US': 'Full name' } },
    {
      name: 'agent_id',
      kind: 'id',
      nullable: true,
      filter: 'eq',
      export: false,
      label: { 'zh-CN': '业务员', 'en-US': 'Agent' },
    },
    { name: 'agent_name', kind: 'text', nullable: true, list: true, label: { 'zh-CN': '业务员', 'en-US': 'Agent' } },
    {
      name: 'status',
      kind: 'enum',
      values: KYC_STATUSES,
      list: true,
      filter: 'in',
      label: { 'zh-CN': '认证状态', 'en-US': 'Status' },
      valueLabels: {
        approved: { 'zh-CN': '已通过', 'en-US': 'Approved' },
        pending: { 'zh-CN': '待审核', 'en-US': 'Pending' },
        rejected: { 'zh-CN': '已拒绝', 'en-US': 'Rejected' },
        unverified: { 'zh-CN': '未认证', 'en-US': 'Unverified' },
      },
    },
    {
      name: 'real_name',
      kind: 'text',
      nullable: true,
      maxLength: KYC_MAX.real_name,
      list: true,
      label: { 'zh-CN': '真实姓名', 'en-US': 'Real name' },
    },
    {
      name: 'id_type',
      kind: 'enum',
      values: ID_TYPES,
      nullable: true,
      list: true,
      label: { 'zh-CN': '证件类型', 'en-US': 'ID type' },
      valueLabels: {
        id_card: { 'zh-CN': '身份证', 'en-US': 'ID card' },
        passport: { 'zh-CN': '护照', 'en-US': 'Passport' },
        driving_license: { 'zh-CN': '驾驶证', 'en-US': 'Driving licence' },
      },
    },
    {
      name: 'id_number',
      kind: 'text',
      nullable: true,
      maxLength: KYC_MAX.id_number,
      list: true,
      label: { 'zh-CN': '证件号码', 'en-US': 'ID number' },
    },
    {
      name: 'nationality',
      kind: 'text',
      nullable: true,
      maxLength: KYC_MAX.nationality,
      detail: true,
      export: true,
      label: { 'zh-CN': '国籍', 'en-US': 'Nationality' },
    },
    {
      name: 'dob',
      kind: 'date',
      nullable: true,
      detail: true,
      export: true,
      label: { 'zh-CN': '出生日期', 'en-US': 'Date of birth' },
    },
    {
      name: 'address',
      kind: 'textarea',
      nullable: true,
      maxLength: KYC_MAX.address,
      detail: true,
      export: true,
      label: { 'zh-CN': '地址', 'en-US': 'Address' },
    },
    {
      name: 'front_image',
      kind: 'image',
      nullable: true,
      detail: true,
      maxLength: KYC_MAX.image,
      label: { 'zh-CN': '证件正面', 'en-US': 'Document front' },
    },
    {
      name: 'back_image',
      kind: 'image',
      nullable: true,
      detail: true,
      maxLength: KYC_MAX.image,
      label: { 'zh-CN': '证件背面', 'en-US': 'Document back' },
    },
    {
      name: 'selfie_image',
      kind: 'image',
      nullable: true,
      detail: true,
      maxLength: KYC_MAX.image,
      label: { 'zh-CN': '手持证件照', 'en-US': 'Selfie with document' },
    },
    {
      name: 'front_image_url',
      kind: 'image',
      nullable: true,
      detail: true,
      label: { 'zh-CN': '证件正面', 'en-US': 'Document front' },
    },
    {
      name: 'back_image_url',
      kind: 'image',
      nullable: true,
      detail: true,
      label: { 'zh-CN': '证件背面', 'en-US': 'Document back' },
    },
    {
      name: 'selfie_image_url',
      kind: 'image',
      nullable: true,
      detail: true,
      label: { 'zh-CN': '手持证件照', 'en-US': 'Selfie with document' },
    },
    {
      name: 'submitted_at',
      kind: 'datetime',
      nullable: true,
      list: true,
      filter: 'range',
      sort: true,
      label: { 'zh-CN': '提交时间', 'en-US': 'Submitted' },
    },
    {
      name: 'reviewed_at',
      kind: 'datetime',
      nullable: true,
      list: true,
      label: { 'zh-CN': '审核时间', 'en-US': 'Reviewed' },
    },
    {
      name: 'reviewed_by',
      kind: 'id',
      nullable: true,
      detail: true,
      label: { 'zh-CN': '审核人编号', 'en-US': 'Reviewer ID' },
    },
    {
      name: 'reviewer_name',
      kind: 'text',
      nullable: true,
      list: true,
      label: { 'zh-CN': '审核人', 'en-US': 'Reviewer' },
    },
    {
      name: 'remark',
      kind: 'text',
      nullable: true,
      maxLength: KYC_MAX.remark,
      list: true,
      label: { 'zh-CN': '备注', 'en-US': 'Remark' },
    },
  ],
});

/** A KYC record as the list and the detail answer it. */
export type KycRow = Row<typeof kyc>;
/** The querystring of the KYC list. */
export type KycListQuery = ListQuery<typeof kyc>;

/** Whether a record in `status` may be decided (approved or rejected): only pending ones. */
export const decidable = (status: string): boolean => status === 'pending';
/** Whether staff may fill in (submit) the identity for a client in `status`: nothing submitted yet, or rejected. */
export const fillable = (status: string): boolean => status === 'unverified' || status === 'rejected';
/** Whether the submitted fields may be corrected (edit): anything submitted. */
export const editable = (status: string): boolean => status !== 'unverified';
