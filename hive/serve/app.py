"""The HTTP API (FastAPI): plans at once, runs as durable jobs, their files, uploads, and the graph's
SPARQL endpoint. OpenAPI document at /openapi.json, interactive docs at /docs."""

from __future__ import annotations

import hmac
import re
import threading
import uuid
from contextlib import asynccontextmanager
from http.cookies import CookieError, SimpleCookie
from importlib import resources
from pathlib import Path
from typing import Any, Callable
from urllib.parse import parse_qs

from fastapi import FastAPI, File, HTTPException, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field

from hive.contracts import ConstraintSet
from hive.errors import HiveError
from hive.execution.executor import remove_dead_staging
from hive.kg.query_pool import QueryPool
from hive.serve.jobs import Job, JobStore
from hive.serve.paths import PathRefused, confine_paths
from hive.serve.runner import JobRunner
from hive.serve.settings import ServeSettings
from hive.session import Session

UPLOAD_NAME = re.compile(r"[^A-Za-z0-9._-]+")
UPLOAD_CHUNK = 2**20


class PlanRequest(BaseModel):
    """A request in plain language, with optional constraints (the keys of `hive plan --constraints`)."""

    query: str = Field(min_length=1, description="the request, e.g. 'Transcribe meeting.wav and summarise it'")
    constraints: dict[str, Any] | None = Field(default=None, description="e.g. {\"licences\": [\"apache-2.0\"], \"local_only\": true}")


class JobView(BaseModel):
    id: str
    status: str
    retriable: bool
    request: dict[str, Any]
    created: float
    started: float | None = None
    finished: float | None = None
    error: str | None = None
    retry_of: str | None = None
    plan: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    links: dict[str, str]


class BodyLimit:
    """Bounds every request body, whether it states its length or streams in chunks
    (`Transfer-Encoding: chunked` has no Content-Length to check): past the limit the request is a 413."""

    def __init__(self, app: Any, limit_for: Callable[[str], int]) -> None:
        self.app, self.limit_for = app, limit_for

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        length = dict(scope["headers"]).get(b"content-length", b"")
        if length.isdigit() and int(length) > limit:
            await JSONResponse({"error": f"request body of {int(length)} bytes is over the limit of {limit}"}, status_code=413)(scope, receive, send)
            return
        received = 0

        async def bounded_receive() -> dict:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b"")) if message["type"] == "http.request" else 0
            if received > limit:
                raise HTTPException(413, f"request body over the limit of {limit} bytes")
            return message

        await self.app(scope, bounded_receive, send)


TOKEN_COOKIE = "hive_token"
OPEN_PATHS = ("/health",)


class Guard:
    """Who may talk to the server. A Host header outside `allowed_hosts` is refused (a page on another site
    that rebinds its DNS name to 127.0.0.1 still sends its own name); with a token, a request must carry it
    as `Authorization: Bearer TOKEN` or as the cookie that opening `/?token=TOKEN` sets for the web page."""

    def __init__(self, app: Any, settings: ServeSettings) -> None:
        self.app, self.settings = app, settings

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = re.sub(r":\d+$", "", headers.get("host", "")).strip("[]").lower()
        if self.settings.allowed_hosts and host not in self.settings.allowed_hosts:
            await JSONResponse({"error": f"host '{host}' is not served here"}, status_code=421)(scope, receive, send)
            return
        token = self.settings.token
        if token and scope["path"] not in OPEN_PATHS:
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            offered = [headers.get("authorization", "").removeprefix("Bearer ").strip(),
                       _cookie(headers.get("cookie", ""), TOKEN_COOKIE), *(query.get("token", []) if scope["path"] == "/" else [])]
            if not any(hmac.compare_digest(candidate.encode(), token.encode()) for candidate in offered if candidate):
                await JSONResponse({"error": "this server needs its token: 'Authorization: Bearer TOKEN', or open /?token=TOKEN"},
                                   status_code=401)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _cookie(header: str, name: str) -> str:
    jar = SimpleCookie()
    try:
        jar.load(header)
    except CookieError:
        return ""
    return jar[name].value if name in jar else ""


def create_app(settings: ServeSettings, session: Session | None = None) -> FastAPI:
    """The app; its lifespan recovers interrupted jobs and runs the job runners."""
    session = session or Session.open(kg=settings.kg)
    store = JobStore(settings.store_path)
    settings.uploads.mkdir(parents=True, exist_ok=True)
    runner = JobRunner(store, session, settings)
    queries: list[QueryPool] = []  # made at the first SPARQL query (a copy of the graph and its process)
    queries_lock = threading.Lock()

    def query_pool(graph_store) -> QueryPool:
        with queries_lock:
            if not queries:
                queries.append(QueryPool(graph_store, seconds=settings.query_seconds))
            return queries[0]

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        session.planner.warm_up()  # before the first request, which would otherwise wait for it
        store.recover()
        if settings.runs.is_dir():
            remove_dead_staging(settings.runs)
        runner.start()
        yield
        runner.stop(wait=settings.grace_seconds)
        store.recover()  # what is still running now will not finish: say so before the process ends
        for pool in queries:
            pool.close()

    app = FastAPI(title="HIVE", version="1", lifespan=lifespan,
                  description="Plain-language requests to explainable plans of AI tasks, and their runs.")
    app.state.store, app.state.runner, app.state.settings = store, runner, settings

    app.add_middleware(BodyLimit, limit_for=lambda path: settings.max_upload_bytes + 2**16 if path == "/uploads"
                       else settings.max_request_bytes)
    app.add_middleware(Guard, settings=settings)  # added last: runs first

    @app.exception_handler(RequestValidationError)
    async def invalid_body(_request: Request, exc: RequestValidationError):
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid"}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "body"
        return JSONResponse({"error": f"invalid request: {where}: {first.get('msg')}"}, status_code=422)

    @app.exception_handler(HTTPException)
    async def http_problem(_request: Request, exc: HTTPException):
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    def checked_query(body: PlanRequest) -> str:
        if len(body.query) > settings.max_query_chars:
            raise HTTPException(413, f"query of {len(body.query)} characters is over the limit of {settings.max_query_chars}")
        try:
            return confine_paths(body.query, settings.input_roots())
        except PathRefused as exc:
            raise HTTPException(403, str(exc)) from exc
        except HiveError as exc:  # e.g. a file of a kind HIVE cannot type
            raise HTTPException(400, str(exc)) from exc

    def checked_constraints(body: PlanRequest):
        try:
            return ConstraintSet.parse(body.constraints, "request constraints") if body.constraints else None
        except HiveError as exc:
            raise HTTPException(400, str(exc)) from exc

    def view(job: Job) -> JobView:
        links = {"self": f"/runs/{job.id}"}
        if job.status in ("complete", "partial", "failed") and job.record:
            links |= {"report": f"/runs/{job.id}/files/report.html", "manifest": f"/runs/{job.id}/files/manifest.json"}
        if job.retriable:
            links["retry"] = f"/runs/{job.id}/retry"
        return JobView(**job.to_json(), links=links)

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def page() -> HTMLResponse:
        response = HTMLResponse(resources.files("hive.serve").joinpath("web", "index.html").read_text(encoding="utf-8"))
        if settings.token:  # the page's own calls then carry the token (Guard let this request in: it was right)
            response.set_cookie(TOKEN_COOKIE, settings.token, httponly=True, samesite="strict")
        return response

    @app.get("/health")
    async def health() -> dict[str, Any]:
        """On the event loop, not the thread pool: it answers while slow requests fill the pool."""
        return {"ok": True, "jobs": store.counts()}

    planning = threading.BoundedSemaphore(settings.planners)

    @app.post("/plan")
    def plan(body: PlanRequest) -> dict[str, Any]:
        """Plan a request and select its models, without running anything."""
        query, constraints = checked_query(body), checked_constraints(body)
        # planning is CPU work: more at once than cores only slows every request (and the event loop)
        if not planning.acquire(timeout=settings.plan_wait_seconds):
            raise HTTPException(503, f"{settings.planners} requests are being planned and this one waited "
                                     f"{settings.plan_wait_seconds:g} s; try again later")
        try:
            result = session.plan_or_error(query, None, constraints)
        finally:
            planning.release()
        if result.error:
            raise HTTPException(400, result.error)
        return result.to_json_dict()

    @app.post("/runs", status_code=202)
    def submit(body: PlanRequest) -> JobView:
        """Queue a run; the answer carries the job id at once. Poll GET /runs/{id}."""
        query = checked_query(body)
        checked_constraints(body)
        if store.counts().get("queued", 0) >= settings.max_queued:
            raise HTTPException(429, f"{settings.max_queued} jobs are already queued; try again later")
        job = store.submit({"query": query, "constraints": body.constraints})
        runner.notify()
        return view(job)

    @app.get("/runs")
    def list_runs(limit: int = 50) -> list[JobView]:
        return [view(job) for job in store.list(min(max(limit, 1), 500))]

    def existing(job_id: str) -> Job:
        job = store.get(job_id)
        if job is None:
            raise HTTPException(404, f"no run '{job_id}'; GET /runs lists them")
        return job

    @app.get("/runs/{job_id}")
    def get_run(job_id: str) -> JobView:
        return view(existing(job_id))

    @app.post("/runs/{job_id}/retry", status_code=202)
    def retry(job_id: str) -> JobView:
        """Queue an interrupted job again, as a new job that points back to it (once: asking again returns it)."""
        job = existing(job_id)
        if not job.retriable:
            raise HTTPException(409, f"run '{job_id}' is {job.status}; only interrupted runs are retried")
        again = store.submit(job.request, retry_of=job.id)
        runner.notify()
        return view(again)

    @app.get("/runs/{job_id}/files/{name:path}")
    def run_file(job_id: str, name: str) -> FileResponse:
        """A file of a finished run: report.html, report.md, manifest.json, outputs/..., inputs/..."""
        existing(job_id)
        folder = (settings.runs / job_id).resolve()
        path = (folder / name).resolve()
        if not path.is_relative_to(folder) or not path.is_file():
            raise HTTPException(404, f"run '{job_id}' has no file '{name}'")
        return FileResponse(path)

    @app.post("/uploads", status_code=201)
    async def upload(file: UploadFile = File(...)) -> dict[str, Any]:
        """Store a file for later requests; name it in a query by the returned path."""
        stem = UPLOAD_NAME.sub("_", Path(file.filename or "upload").name).strip("._") or "upload"
        target = settings.uploads / f"{uuid.uuid4().hex[:8]}-{stem}"
        partial = target.with_name("." + target.name + ".part")
        size = 0
        try:
            with partial.open("wb") as out:
                while chunk := await file.read(UPLOAD_CHUNK):
                    size += len(chunk)
                    if size > settings.max_upload_bytes:
                        raise HTTPException(413, f"upload over the limit of {settings.max_upload_bytes} bytes")
                    out.write(chunk)
            partial.rename(target)
        finally:
            partial.unlink(missing_ok=True)
        return {"path": str(target.resolve()), "bytes": size}

    def answer_sparql(query: str | None, accept: str) -> Response:  # sync: FastAPI runs it in a thread
        from hive.kg.server import RequestProblem

        graph = session.graph
        if not hasattr(graph, "store"):
            raise HTTPException(404, f"this server plans against {settings.kg}; query that endpoint directly")
        if not query:
            raise HTTPException(400, "missing 'query' parameter")
        try:
            media, answer = query_pool(graph.store).run(query, accept)
        except RequestProblem as problem:
            raise HTTPException(problem.status, str(problem)) from problem
        return Response(answer, media_type=media)

    @app.get("/sparql")
    def sparql_get(request: Request) -> Response:
        """The knowledge graph's read-only SPARQL 1.1 endpoint (as `hive kg serve` offers it): ?query=..."""
        return answer_sparql(request.query_params.get("query"), request.headers.get("accept", ""))

    @app.post("/sparql")
    async def sparql_post(request: Request) -> Response:
        """The same endpoint for a form field `query` or an application/sparql-query body."""
        if request.headers.get("content-type", "").startswith("application/sparql-query"):
            query = (await request.body()).decode("utf-8", "replace")
        else:
            query = (await request.form()).get("query")
        return answer_sparql(str(query) if query else None, request.headers.get("accept", ""))

    return app
