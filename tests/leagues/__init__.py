"""Tests of the leagues app: seasons and standings."""
