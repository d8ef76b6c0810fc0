"""The workshop server's pieces without a server: sizing, seat accounting, the pages' words.
(The real server is exercised in tests/browser/test_workshop_server.py.)"""
from __future__ import annotations

import pytest

pytest.importorskip("voila", reason="the workshop server needs the app extra")  # noqa: E402

from periodic_edu.workshop.app import MAX_CLASS_SIZE, WorkshopVoila, pool_size_for
from periodic_edu.workshop.kernels import RoomKernelManager
from periodic_edu.workshop.pages import TEXT, page


@pytest.mark.parametrize("class_size", [1, 2, 30, MAX_CLASS_SIZE])
def test_the_whole_class_is_preheated(class_size):
    assert pool_size_for(class_size) == class_size


def test_the_pool_target_shrinks_as_seats_fill():
    km = RoomKernelManager(max_seats=3, pool_size=3)
    km.kernel_pools_config = {"default": {"pool_size": 3, "kernel_env_variables": {}}}
    tickets = [km.admit() for _ in range(2)]
    assert km.kernel_pools_config["default"]["pool_size"] == 1
    for ticket in tickets:
        with km.serving(ticket):
            pass  # both page loads ended without a kernel
    assert km.kernel_pools_config["default"]["pool_size"] == 3


def test_class_size_is_bounded():
    with pytest.raises(Exception, match="class_size"):
        WorkshopVoila(class_size=0)
    with pytest.raises(Exception, match="class_size"):
        WorkshopVoila(class_size=MAX_CLASS_SIZE + 1)


def test_seats_are_capped_and_a_ticket_without_kernel_is_given_back():
    km = RoomKernelManager(max_seats=2, pool_size=1)
    first, second = km.admit(), km.admit()
    assert first is not None and second is not None and km.admit() is None
    with km.serving(first):
        pass  # the page load failed before it got a kernel
    assert km.seats_taken == 1
    third = km.admit()
    assert third is not None and km.admit() is None
    km._live.add("k-1")  # as start_kernel records a started kernel
    with km.serving(third):
        km.seat(third, "k-1")
    assert km.is_seated("k-1") and km.seats_taken == 2  # the seat outlives the request
    km.seat(third, "k-1")  # a closed ticket seats nothing twice
    assert km.seats_taken == 2


def test_no_cap_when_max_seats_is_zero():
    km = RoomKernelManager()
    assert all(km.admit() is not None for _ in range(100))


def test_pages_escape_and_say_what_to_do():
    html = page("room_full", refresh_s=60, seats=30)
    assert TEXT["room_full.body"] in html and "(30 of 30)" in html
    assert '<meta http-equiv="refresh" content="60">' in html and 'lang="en"' in html
    assert "<script" not in html
    html = page("no_options", link='/"><script>')
    assert "<script>" not in html and "&lt;script&gt;" in html
