{{/* Names and labels ------------------------------------------------------------------- */}}

{{- define "clearroom.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "clearroom.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "clearroom.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Selector labels of one component: (dict "ctx" $ "component" "api") */}}
{{- define "clearroom.selectorLabels" -}}
app.kubernetes.io/name: {{ include "clearroom.name" .ctx }}
app.kubernetes.io/instance: {{ .ctx.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "clearroom.labels" -}}
helm.sh/chart: {{ include "clearroom.chart" .ctx }}
{{ include "clearroom.selectorLabels" . }}
app.kubernetes.io/version: {{ .ctx.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .ctx.Release.Service }}
app.kubernetes.io/part-of: clearroom
{{- end -}}

{{- define "clearroom.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "clearroom.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Images ---------------------------------------------------------------------------------
  One reference for every image: (dict "image" .Values.x.image "global" .Values.global
  "defaultTag" "...") → <global.imageRegistry or image.registry>/<repository>:<tag>[@digest]. */}}
{{- define "clearroom.image" -}}
{{- $registry := .global.imageRegistry | default .image.registry -}}
{{- $tag := .image.tag | default .defaultTag -}}
{{- if not $tag -}}
{{- fail (printf "image %s has no tag" .image.repository) -}}
{{- end -}}
{{- $ref := printf "%s:%s" .image.repository $tag -}}
{{- if .image.digest -}}
{{- $ref = printf "%s@%s" $ref .image.digest -}}
{{- end -}}
{{- if $registry -}}
{{- printf "%s/%s" (trimSuffix "/" $registry) $ref -}}
{{- else -}}
{{- $ref -}}
{{- end -}}
{{- end -}}

{{- define "clearroom.appImage" -}}
{{- include "clearroom.image" (dict "image" .Values.image "global" .Values.global "defaultTag" .Chart.AppVersion) -}}
{{- end -}}

{{- define "clearroom.imagePullSecrets" -}}
{{- with .Values.global.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Topology -------------------------------------------------------------------------------- */}}

{{/* "true" when exactly one app pod runs: the embedded shape (RWO volume, Recreate). */}}
{{- define "clearroom.singlePod" -}}
{{- if and (not .Values.worker.enabled) (le (int .Values.api.replicas) 1) (not .Values.api.autoscaling.enabled) -}}
true
{{- end -}}
{{- end -}}

{{/* "true" when the chart can tell the database is SQLite (an existingSecret may name MySQL). */}}
{{- define "clearroom.databaseIsSqlite" -}}
{{- if and (not .Values.mysql.bundled.enabled) (not .Values.existingSecret) (or (not .Values.secrets.DATABASE_URL) (hasPrefix "sqlite:" .Values.secrets.DATABASE_URL)) -}}
true
{{- end -}}
{{- end -}}

{{- define "clearroom.persistenceAccessMode" -}}
{{- if .Values.persistence.accessMode -}}
{{- .Values.persistence.accessMode -}}
{{- else if include "clearroom.singlePod" . -}}
ReadWriteOnce
{{- else -}}
ReadWriteMany
{{- end -}}
{{- end -}}

{{- define "clearroom.claimName" -}}
{{- .Values.persistence.existingClaim | default (printf "%s-data" (include "clearroom.fullname" .)) -}}
{{- end -}}

{{- define "clearroom.metricsEnabled" -}}
{{- if ne (toString .Values.config.METRICS_PORT) "0" -}}
true
{{- end -}}
{{- end -}}

{{- define "clearroom.secretName" -}}
{{- .Values.existingSecret | default (include "clearroom.fullname" .) -}}
{{- end -}}

{{/* PUBLIC_URL as set, else derived from the Ingress host. */}}
{{- define "clearroom.publicUrl" -}}
{{- if .Values.config.PUBLIC_URL -}}
{{- .Values.config.PUBLIC_URL -}}
{{- else if .Values.ingress.enabled -}}
{{- printf "%s://%s" (ternary "https" "http" .Values.ingress.tls.enabled) .Values.ingress.host -}}
{{- end -}}
{{- end -}}

{{- define "clearroom.keycloakIssuerUrl" -}}
{{- printf "%s://%s/realms/%s" (ternary "https" "http" .Values.keycloak.bundled.ingress.tls.enabled) .Values.keycloak.bundled.host .Values.keycloak.bundled.realm -}}
{{- end -}}

{{/* Generated secrets ------------------------------------------------------------------------
  A value given in values.yaml, else the one already stored in the Secret (kept across
  upgrades), else a new random one: (dict "ctx" $ "secret" "<name>" "key" "<key>" "given" "..."). */}}
{{- define "clearroom.secretValue" -}}
{{- if .given -}}
{{- .given -}}
{{- else -}}
{{- $existing := lookup "v1" "Secret" .ctx.Release.Namespace .secret -}}
{{- if and $existing $existing.data (hasKey $existing.data .key) -}}
{{- index $existing.data .key | b64dec -}}
{{- else -}}
{{- randAlphaNum 32 -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "clearroom.mysqlSecretName" -}}
{{- .Values.mysql.bundled.existingSecret | default (printf "%s-mysql" (include "clearroom.fullname" .)) -}}
{{- end -}}

{{- define "clearroom.redisSecretName" -}}
{{- .Values.redis.bundled.existingSecret | default (printf "%s-redis" (include "clearroom.fullname" .)) -}}
{{- end -}}

{{- define "clearroom.keycloakSecretName" -}}
{{- .Values.keycloak.bundled.existingSecret | default (printf "%s-keycloak" (include "clearroom.fullname" .)) -}}
{{- end -}}

{{/* Checks the schema cannot express (they need the chart's own reasoning). */}}
{{- define "clearroom.validate" -}}
{{- if and (not (include "clearroom.singlePod" .)) (include "clearroom.databaseIsSqlite" .) -}}
{{- fail "Several app pods (worker.enabled, api.replicas > 1 or api.autoscaling) need a database they can share: set secrets.DATABASE_URL to mysql:// or mariadb://, existingSecret, or mysql.bundled.enabled. SQLite cannot be shared between pods." -}}
{{- end -}}
{{- if and .Values.keycloak.bundled.enabled (not (include "clearroom.publicUrl" .)) -}}
{{- fail "keycloak.bundled needs the app's public URL for the client's redirect URIs: set config.PUBLIC_URL or enable the Ingress." -}}
{{- end -}}
{{- if and .Values.migrations.job.enabled (not .Values.existingSecret) (not (regexMatch "^(mysql|mariadb)://" .Values.secrets.DATABASE_URL)) -}}
{{- fail "migrations.job.enabled needs an external MySQL/MariaDB in secrets.DATABASE_URL or existingSecret." -}}
{{- end -}}
{{- if and .Values.persistence.existingClaim (not .Values.persistence.enabled) -}}
{{- fail "persistence.existingClaim is set but persistence.enabled is false." -}}
{{- end -}}
{{- end -}}

{{/* The ConfigMap's data: every config variable, as a string. */}}
{{- define "clearroom.configData" -}}
{{- range $name, $value := .Values.config }}
{{ $name }}: {{ toString $value | quote }}
{{- end }}
{{- end -}}

{{/* The Secret's data: the secret variables that are set. */}}
{{- define "clearroom.secretData" -}}
{{- range $name, $value := .Values.secrets }}
{{- if $value }}
{{ $name }}: {{ $value | b64enc | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{/* The app container --------------------------------------------------------------------- */}}

{{/* Environment overrides on top of the ConfigMap and Secret: the role, and what the chart
  knows better than the values (derived PUBLIC_URL, bundled services' URLs and passwords).
  (dict "ctx" $ "role" "api|worker|all|migrate"). For `migrate` (a pre-install hook, which runs
  before the bundled services' Secrets exist) URLs carry no passwords: migrations only use the
  database, but the whole configuration must still pass validation. */}}
{{- define "clearroom.appEnv" -}}
{{- $ctx := .ctx -}}
{{- $v := $ctx.Values -}}
{{- $fullname := include "clearroom.fullname" $ctx -}}
{{- $migrate := eq .role "migrate" -}}
{{- if not $migrate }}
- name: APP_ROLE
  value: {{ .role | quote }}
{{- end }}
{{- if $v.migrations.job.enabled }}
- name: DATABASE_MIGRATE_ON_START
  value: "false"
{{- end }}
{{- if and (not $v.config.PUBLIC_URL) (include "clearroom.publicUrl" $ctx) }}
- name: PUBLIC_URL
  value: {{ include "clearroom.publicUrl" $ctx | quote }}
{{- end }}
{{- if $v.caBundle.existingConfigMap }}
- name: NODE_EXTRA_CA_CERTS
  value: {{ printf "/etc/clearroom/ca/%s" $v.caBundle.key | quote }}
{{- end }}
{{- if $v.mysql.bundled.enabled }}
- name: CLEARROOM_MYSQL_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "clearroom.mysqlSecretName" $ctx }}
      key: mysql-password
- name: DATABASE_URL
  value: {{ printf "mysql://%s:$(CLEARROOM_MYSQL_PASSWORD)@%s-mysql:3306/%s" $v.mysql.bundled.username $fullname $v.mysql.bundled.database | quote }}
{{- end }}
{{- if $v.redis.bundled.enabled }}
{{- if $migrate }}
- name: REDIS_URL
  value: {{ printf "redis://%s-redis:6379" $fullname | quote }}
{{- else }}
- name: CLEARROOM_REDIS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "clearroom.redisSecretName" $ctx }}
      key: redis-password
- name: REDIS_URL
  value: {{ printf "redis://:$(CLEARROOM_REDIS_PASSWORD)@%s-redis:6379" $fullname | quote }}
{{- end }}
{{- end }}
{{- if $v.elasticsearch.bundled.enabled }}
- name: ELASTICSEARCH_URL
  value: {{ printf "http://%s-elasticsearch:9200" $fullname | quote }}
{{- end }}
{{- if $v.tika.bundled.enabled }}
- name: TIKA_URL
  value: {{ printf "http://%s-tika:9998" $fullname | quote }}
{{- end }}
{{- if $v.ollama.bundled.enabled }}
- name: OLLAMA_URL
  value: {{ printf "http://%s-ollama:11434" $fullname | quote }}
{{- end }}
{{- if $v.keycloak.bundled.enabled }}
- name: OIDC_ISSUER_URL
  value: {{ include "clearroom.keycloakIssuerUrl" $ctx | quote }}
{{- if $migrate }}
- name: OIDC_CLIENT_SECRET
  value: "not-used-by-migrations"
{{- else }}
- name: OIDC_CLIENT_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ include "clearroom.keycloakSecretName" $ctx }}
      key: client-secret
{{- end }}
{{- end }}
{{- end -}}

{{/* The app's volumes: the data claim (or an emptyDir), /tmp, and the optional CA bundle. */}}
{{- define "clearroom.appVolumes" -}}
- name: data
{{- if .Values.persistence.enabled }}
  persistentVolumeClaim:
    claimName: {{ include "clearroom.claimName" . }}
{{- else }}
  emptyDir: {}
{{- end }}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpVolume.sizeLimit }}
{{- with .Values.caBundle.existingConfigMap }}
- name: ca-bundle
  configMap:
    name: {{ . }}
{{- end }}
{{- end -}}

{{- define "clearroom.appVolumeMounts" -}}
- name: data
  mountPath: {{ .Values.config.DATA_DIR }}
- name: tmp
  mountPath: /tmp
{{- if .Values.caBundle.existingConfigMap }}
- name: ca-bundle
  mountPath: /etc/clearroom/ca
  readOnly: true
{{- end }}
{{- end -}}

{{/* Pod spec of the api and worker Deployments: (dict "ctx" $ "role" "api" "workload" .Values.api) */}}
{{- define "clearroom.appPodSpec" -}}
{{- $ctx := .ctx -}}
{{- $v := $ctx.Values -}}
{{- $w := .workload -}}
{{- $preStop := int ($w.preStopSleepSeconds | default 0) -}}
serviceAccountName: {{ include "clearroom.serviceAccountName" $ctx }}
automountServiceAccountToken: false
{{- include "clearroom.imagePullSecrets" $ctx }}
securityContext:
  {{- toYaml $v.podSecurityContext | nindent 2 }}
terminationGracePeriodSeconds: {{ add $preStop (int $v.config.SHUTDOWN_TIMEOUT_SECONDS) 10 }}
{{- with $w.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- $fullname := include "clearroom.fullname" $ctx }}
{{- $waitFor := list }}
{{- if $v.mysql.bundled.enabled }}{{ $waitFor = append $waitFor (printf "%s-mysql:3306" $fullname) }}{{ end }}
{{- if $v.redis.bundled.enabled }}{{ $waitFor = append $waitFor (printf "%s-redis:6379" $fullname) }}{{ end }}
{{- if $v.elasticsearch.bundled.enabled }}{{ $waitFor = append $waitFor (printf "%s-elasticsearch:9200" $fullname) }}{{ end }}
{{- with $waitFor }}
# Bundled services start with the app: wait until they accept connections rather than crash-loop.
initContainers:
  - name: wait-for-services
    image: {{ include "clearroom.appImage" $ctx }}
    imagePullPolicy: {{ $v.image.pullPolicy }}
    command: ["node", "--input-type=module", "-e"]
    args:
      - |
        import { connect } from 'node:net';
        const reachable = (host, port) =>
          new Promise((resolve) => {
            const socket = connect({ host, port, timeout: 2000 });
            socket.once('connect', () => { socket.destroy(); resolve(true); });
            socket.once('timeout', () => { socket.destroy(); resolve(false); });
            socket.once('error', () => resolve(false));
          });
        for (const target of process.env.CLEARROOM_WAIT_FOR.split(' ')) {
          const [host, port] = target.split(':');
          while (!(await reachable(host, Number(port)))) {
            console.log(`Waiting for ${target}`);
            await new Promise((resolve) => setTimeout(resolve, 2000));
          }
          console.log(`${target} accepts connections`);
        }
    env:
      - name: CLEARROOM_WAIT_FOR
        value: {{ join " " . | quote }}
    resources:
      requests: { cpu: 10m, memory: 32Mi }
      limits: { memory: 64Mi }
    securityContext:
      {{- toYaml $v.containerSecurityContext | nindent 6 }}
{{- end }}
containers:
  - name: clearroom
    image: {{ include "clearroom.appImage" $ctx }}
    imagePullPolicy: {{ $v.image.pullPolicy }}
    args: [{{ .role | quote }}]
    envFrom:
      - configMapRef:
          name: {{ include "clearroom.fullname" $ctx }}
      - secretRef:
          name: {{ include "clearroom.secretName" $ctx }}
    env:
      {{- include "clearroom.appEnv" (dict "ctx" $ctx "role" .role) | nindent 6 }}
    ports:
      - name: http
        containerPort: {{ int $v.config.PORT }}
        protocol: TCP
      {{- if include "clearroom.metricsEnabled" $ctx }}
      - name: metrics
        containerPort: {{ int $v.config.METRICS_PORT }}
        protocol: TCP
      {{- end }}
    startupProbe:
      httpGet: { path: /api/health/live, port: http }
      {{- toYaml $v.probes.startup | nindent 6 }}
    livenessProbe:
      httpGet: { path: /api/health/live, port: http }
      {{- toYaml $v.probes.liveness | nindent 6 }}
    readinessProbe:
      httpGet: { path: /api/health/ready, port: http }
      {{- toYaml $v.probes.readiness | nindent 6 }}
    {{- if gt $preStop 0 }}
    lifecycle:
      preStop:
        exec:
          command: ["sleep", {{ $preStop | quote }}]
    {{- end }}
    resources:
      {{- toYaml $w.resources | nindent 6 }}
    securityContext:
      {{- toYaml $v.containerSecurityContext | nindent 6 }}
    volumeMounts:
      {{- include "clearroom.appVolumeMounts" $ctx | nindent 6 }}
volumes:
  {{- include "clearroom.appVolumes" $ctx | nindent 2 }}
{{- with $w.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $w.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $w.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $w.topologySpreadConstraints }}
topologySpreadConstraints:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Security contexts of the bundled workloads: (dict "uid" 999 "gid" 999 "readOnly" true) */}}
{{- define "clearroom.bundledPodSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .uid }}
runAsGroup: {{ .gid }}
fsGroup: {{ .fsGroup | default .gid }}
fsGroupChangePolicy: OnRootMismatch
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "clearroom.bundledContainerSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .uid }}
runAsGroup: {{ .gid }}
readOnlyRootFilesystem: {{ .readOnly }}
allowPrivilegeEscalation: false
capabilities:
  drop: [ALL]
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* nodeSelector/tolerations/affinity of a bundled workload's values. */}}
{{- define "clearroom.placement" -}}
{{- with .nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* volumeClaimTemplate / PVC spec of a bundled workload: (dict "size" .. "storageClass" ..) */}}
{{- define "clearroom.volumeSpec" -}}
accessModes: [ReadWriteOnce]
{{- if .storageClass }}
storageClassName: {{ .storageClass | quote }}
{{- end }}
resources:
  requests:
    storage: {{ .size }}
{{- end -}}
