"""Elemonster."""
