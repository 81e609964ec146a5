"""Where a run's batches execute: joblib backends (loky processes, Dask, Ray).

Never a home-made scheduler: a backend only opens joblib's own backend and
streams the batches' results back to the runner as they finish."""

from ..core.errors import UserError, check_jobs
from ..core.workers import local_jobs

BACKENDS = ("loky", "dask", "ray")

class _Backend:
    """joblib's backend for the run, set up (and connected) before anything is written."""

    def __init__(self, name, jobs, scheduler):
        self.name, self.jobs, self.scheduler = name, jobs, scheduler
        self.client = self.cluster = None
        self.kwargs = {}

    def __enter__(self):
        if self.name not in BACKENDS:
            raise UserError(f"unknown backend {self.name!r} (known: {', '.join(BACKENDS)})")
        if self.scheduler and self.name == "loky":
            raise UserError("--scheduler needs --backend dask or --backend ray")
        check_jobs(self.jobs)
        if self.name == "loky":                  # local processes: at most the cores this process may use
            self.jobs = local_jobs(self.jobs)
        if self.name == "dask":
            try:
                from distributed import Client, LocalCluster
            except ImportError:
                raise UserError("--backend dask needs dask's distributed scheduler: "
                                "pip install 'windtunnel[dask]'") from None
            try:
                if self.scheduler:
                    self.client = Client(self.scheduler, timeout="10s")
                else:
                    n = local_jobs(self.jobs)     # a local cluster's workers are this machine's processes
                    self.cluster = LocalCluster(n_workers=n, threads_per_worker=1, dashboard_address=None)
                    self.client = Client(self.cluster)
            except (OSError, TimeoutError, ValueError) as e:
                self.close()
                raise UserError(f"cannot reach the Dask scheduler at {self.scheduler} ({type(e).__name__}: "
                                f"{e})") from None
        elif self.name == "ray":
            try:
                import ray
                from ray.util.joblib import register_ray
            except ImportError:
                raise UserError("--backend ray needs ray: pip install 'windtunnel[ray]'") from None
            register_ray()
            try:
                if not ray.is_initialized():
                    ray.init(address=self.scheduler or None, log_to_driver=False)
            except Exception as e:             # noqa: BLE001 - ray raises many kinds; one line either way
                raise UserError(f"cannot start or reach Ray at {self.scheduler or 'a local instance'} "
                                f"({type(e).__name__}: {e})") from None
        return self

    def config(self):
        import joblib

        return joblib.parallel_config(backend=self.name, n_jobs=self.jobs)

    def workers(self):
        import joblib

        with self.config():
            return joblib.effective_n_jobs(self.jobs)

    def results(self, play_shard, tasks, workers):
        """Receipts of play_shard(task) in the order the batches finish."""
        import joblib
        from joblib.parallel import get_active_backend

        with self.config():
            backend, _ = get_active_backend()
            if getattr(backend, "supports_return_generator", False):
                parallel = joblib.Parallel(return_as="generator_unordered", batch_size=1, pre_dispatch="2*n_jobs")
                yield from parallel(joblib.delayed(play_shard)(t) for t in tasks)
                return
            # a backend without generators (Ray's): waves of a few batches per worker
            wave = []
            for t in tasks:
                wave.append(t)
                if len(wave) == 2 * workers:
                    yield from joblib.Parallel(batch_size=1)(joblib.delayed(play_shard)(w) for w in wave)
                    wave = []
            if wave:
                yield from joblib.Parallel(batch_size=1)(joblib.delayed(play_shard)(w) for w in wave)

    def close(self):
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        self.client = self.cluster = None

    def __exit__(self, *exc):
        self.close()
