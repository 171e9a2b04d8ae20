"""Settings, read from the environment.

With nothing set the app runs on a local SQLite file in ``var/``. Production sets
``DATABASE_URL=postgres://…``, ``SECRET_KEY``, ``ALLOWED_HOSTS`` and leaves ``DEBUG`` off.
"""

from __future__ import annotations

import mimetypes
import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, WASM_UNSAFE_EVAL
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("SCHREIBER_VAR_DIR", BASE_DIR / "var"))


def env_flag(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def local_secret_key() -> str:
    """A key made once per checkout, so a local install needs no configuration; readable by its owner only."""
    path = VAR_DIR / "secret_key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(secrets.token_urlsafe(50))
    path.chmod(0o600)  # also for a key file made before it was kept private
    return path.read_text(encoding="utf-8").strip()


DEBUG = env_flag("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY") or local_secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "axes",
    "django_tables2",
    "django_filters",
    "django_tasks",
    "django_tasks_db",  # its tables hold the queue that ``manage.py db_worker`` works through
    "scorekeeper",
    "leagues",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # static files come compressed already, before GZip sees them
    # Pages and polls compressed. BREACH guesses a secret repeated in compressed pages from their length; the CSRF
    # token is masked anew in every response, the one other secret (an invitation link) is shown once, and Django
    # pads each compressed response with random bytes besides.
    "django.middleware.gzip.GZipMiddleware",
    # An unchanged live-sheet poll answered here, dressed by the middleware above, before any below loads the session,
    # the language or the user (most polls of a hall: near the floor of a request).
    "scorekeeper.table.polling.UnchangedPollMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last: it answers a locked-out login
]

ROOT_URLCONF = "schreiber.urls"
WSGI_APPLICATION = "schreiber.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# SQLite is the zero-configuration default; WAL and IMMEDIATE transactions let
# several phones write to one session without "database is locked".
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'schreiber.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    VAR_DIR.mkdir(parents=True, exist_ok=True)  # the database files' folder, whether a secret key was made in it or not
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests run on a file in WAL mode too, not Django's shared-cache memory database: there a live-server thread
    # that meets another's write fails at once ("database table is locked") instead of waiting out the timeout.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Live score sheets as drawn (scorekeeper/table/live.py) and settlement PDFs. Everything kept names the revision it was
# drawn for, so it is never stale: a cache per process is right, only less shared with several processes.
# Work too slow for a request (a league's ratings worked out again) is queued in the database and run by
# ``manage.py db_worker`` beside the web server: no other server for a club to run.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "OPTIONS": {"MAX_ENTRIES": 20_000},  # a few evenings of lines, mostly 1.5 KB each
    }
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Django's database sessions and users, each read by one raw statement on every signed-in request
# (scorekeeper/sign_in.py): in the database, so every app server sees a logout at once.
SESSION_ENGINE = "scorekeeper.sign_in"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: it refuses a login that is locked out
    "scorekeeper.sign_in.ModelBackend",  # Django's, the user of every request loaded by one raw statement
    "django.contrib.auth.backends.ModelBackend",  # to load the users of the sessions it logged in before
]
# Login throttling (scorekeeper/throttle.py): five wrong passwords for one user name from one address pause that
# pair for 15 minutes; past 50 wrong passwords in an hour an address logs in only as who logged in from it before.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["ip_address", "username"]]
LOGIN_ADDRESS_FAILURE_LIMIT = int(os.environ.get("LOGIN_ADDRESS_FAILURE_LIMIT", "50"))
LOGIN_ADDRESS_WINDOW = timedelta(minutes=int(os.environ.get("LOGIN_ADDRESS_WINDOW_MINUTES", "60")))
AXES_HANDLER = "scorekeeper.throttle.PairAndAddressHandler"
AXES_ENABLE_ACCESS_FAILURE_LOG = True  # what the address ceiling counts
AXES_LOCKOUT_CALLABLE = "scorekeeper.throttle.lockout_response"
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "static"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed, compressed files in production (after collectstatic); plain files while developing.
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG or env_flag("SCHREIBER_PLAIN_STATIC", False)
        else "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}
# Django's static files view (runserver, the tests' live server) types a file by Python's mimetypes, whose own table
# calls .mjs application/javascript and which a system's mime.types may change; a browser compiles WebAssembly while it
# streams in (static/vendor/pyodide) only when it comes as application/wasm. WhiteNoise's own table says the same.
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")

# Production hardening; every value can be relaxed from the environment (e.g. behind a TLS proxy).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if env_flag("BEHIND_TLS_PROXY", False) else None
SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_flag("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_flag("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_SAMESITE = CSRF_COOKIE_SAMESITE = LANGUAGE_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_HTTPONLY = True  # htmx sends the token from the page, never from the cookie
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
if SECURE_PROXY_SSL_HEADER:
    AXES_IPWARE_PROXY_COUNT = 1  # the client's address is the one the TLS proxy saw
    AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]

# No inline script or style anywhere: every script and style is a file of ours. 'wasm-unsafe-eval' lets a page compile
# WebAssembly (the vendored Pyodide, static/vendor/pyodide) and nothing more: no eval() of JavaScript.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, WASM_UNSAFE_EVAL],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "manifest-src": [SELF],
        "worker-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# A score sheet needs none of the browser's powerful features.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
