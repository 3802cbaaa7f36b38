import 'server-only';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '@/config';
import type { MediaStorage } from './media-storage';
import { isValidKey, mediaCacheControl, mediaContentType } from './media-types';

export type S3Options = NonNullable<Config['s3']>;

// A dead or unreachable store must stop start-up (and fail readiness) within seconds, not after the
// SDK's default of retrying a connect that never answers: 3 s to connect, 30 s for an answer's headers,
// three attempts (a store's occasional 503 or reset connection), and at most 5 s in all for the check.
const connectionTimeoutMs = 3_000;
const requestTimeoutMs = 30_000;
const idleSocketTimeoutMs = 30_000;
const maxAttempts = 3;
const checkTimeoutMs = 5_000;

type Sdk = typeof import('@aws-sdk/client-s3');

let sdkModule: Promise<Sdk> | undefined;

// Loaded on first use, so the embedded default (disk storage) never pays for the SDK.
function loadSdk(): Promise<Sdk> {
  // The SDK warns once per process on Node 20 that its releases after January 2027 need Node 22
  // (NodeVersionSupportWarning); it is news for whoever upgrades packages, not for an operator's log.
  // This variable is the switch the SDK documents for it (aws/aws-sdk-js-v3#7983).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  sdkModule ??= import('@aws-sdk/client-s3');
  return sdkModule;
}

interface AwsError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as AwsError).$metadata?.httpStatusCode;

// NoSuchBucket is a 404 too, but a missing bucket is a broken store, never a missing picture.
function isMissingObject(error: unknown): boolean {
  const name = (error as AwsError).name;
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(error) === 404 && name !== 'NoSuchBucket');
}

/** A failure worth another try: the connection broke or timed out, or the store had a moment (5xx). */
function isTransient(error: unknown): boolean {
  const status = statusOf(error);
  return status === undefined || status >= 500;
}

/** Where the store is, for messages: the endpoint without any user:password part, or the AWS region. */
function describeEndpoint(options: S3Options): string {
  if (!options.endpoint) return `AWS S3 (S3_REGION ${options.region})`;
  const url = new URL(options.endpoint);
  url.username = '';
  url.password = '';
  return `S3_ENDPOINT ${url.href.replace(/\/$/, '')}`;
}

/** One line naming the variable to look at, and the reason; never a credential. */
function checkFailure(options: S3Options, error: unknown): Error {
  const e = error as AwsError;
  const bucket = `S3_BUCKET "${options.bucket}"`;
  const where = describeEndpoint(options);
  const status = statusOf(error);
  let line: string;
  if (e.name === 'AbortError' || e.name === 'TimeoutError')
    line = `${bucket} cannot be reached at ${where} (no answer within ${checkTimeoutMs / 1000} s)`;
  else if (e.name === 'CredentialsProviderError')
    line = `${bucket} needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (unset, and the SDK found no other credentials)`;
  else if (status === 404 || e.name === 'NotFound' || e.name === 'NoSuchBucket')
    line = `${bucket} does not exist at ${where}`;
  else if (status === 403 || status === 401)
    line = `${bucket} refuses access at ${where}: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (${status})`;
  else if (status === 301 || e.name === 'PermanentRedirect')
    line = `${bucket} is not in S3_REGION ${options.region} at ${where}`;
  else if (status)
    line = `${bucket} cannot be used at ${where} (HTTP ${status}${e.name && e.name !== 'Unknown' ? ` ${e.name}` : ''})`;
  else {
    const reason = e.code ?? e.name ?? 'error';
    line = `${bucket} cannot be reached at ${where} (${reason})`;
  }
  return new Error(`Invalid configuration: ${line}`);
}

/** Stores media in an S3-compatible bucket; keys are the object names, as under the disk root. */
export function s3Storage(options: S3Options): MediaStorage {
  let client: Promise<{ s3: S3Client; sdk: Sdk }> | undefined;
  const connect = () => {
    client ??= loadSdk().then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        credentials: options.credentials,
        forcePathStyle: options.forcePathStyle,
        maxAttempts,
        // The SDK's default aws-chunked uploads with trailing checksums are not understood by many
        // S3-compatible servers (s3rver, older MinIO and Ceph); checksums only where an API demands one.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: {
          connectionTimeout: connectionTimeoutMs,
          requestTimeout: requestTimeoutMs,
          throwOnRequestTimeout: true,
          socketTimeout: idleSocketTimeoutMs,
        },
      }),
    }));
    return client;
  };

  const objectFields = (key: string) => {
    if (!isValidKey(key)) throw new Error(`invalid media key: ${key}`);
    return {
      Bucket: options.bucket,
      Key: key,
      ContentType: mediaContentType(key) ?? 'application/octet-stream',
      CacheControl: mediaCacheControl,
    };
  };

  return {
    async put(key, body) {
      const fields = objectFields(key);
      const { s3, sdk } = await connect();
      await s3.send(new sdk.PutObjectCommand({ ...fields, Body: body, ContentLength: body.length }));
    },
    async putFile(key, file) {
      const fields = objectFields(key);
      const { s3, sdk } = await connect();
      const { size } = await fsp.stat(file);
      // Streamed with its length, so a photo never sits in memory whole and the body needs no chunking.
      // The SDK cannot retry a stream it has partly sent, and stores close idle kept-alive connections
      // (a PUT on one that closes at that moment fails with a reset), so a failed send is retried here with
      // a new stream of the same file.
      for (let attempt = 1; ; attempt++) {
        try {
          await s3.send(
            new sdk.PutObjectCommand({ ...fields, Body: fs.createReadStream(file), ContentLength: size }),
          );
          break;
        } catch (error) {
          if (attempt >= maxAttempts || !isTransient(error)) throw error;
        }
      }
      // As the disk store's rename does: once stored, the staged file is gone.
      await fsp.rm(file, { force: true });
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      const { s3, sdk } = await connect();
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: key }));
        if (!object.Body) return null;
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      if (!isValidKey(key)) throw new Error(`invalid media key: ${key}`);
      const { s3, sdk } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
    async check() {
      const { s3, sdk } = await connect();
      try {
        await s3.send(new sdk.HeadBucketCommand({ Bucket: options.bucket }), {
          abortSignal: AbortSignal.timeout(checkTimeoutMs),
        });
      } catch (error) {
        throw checkFailure(options, error);
      }
    },
  };
}
