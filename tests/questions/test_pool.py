"""ordered_map (equity.questions.asking.pool): the one windowed loop of batch, hands and flops. Answers
come back in the order of the groups however the futures finish, never more than the window in flight;
with a reader thread an answer comes while the next group waits for input; errors are raised in order."""

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from equity.questions.asking.pool import ordered_map


class Recorder:
    """A submit that answers a group with its items doubled on a thread pool, the later groups sooner,
    and records how many groups were in flight at most."""

    def __init__(self):
        self.pool = ThreadPoolExecutor(8)
        self.lock = threading.Lock()
        self.in_flight = self.most = 0

    def work(self, group):
        time.sleep(0.02 / (1 + group[0]))  # later groups finish first
        with self.lock:
            self.in_flight -= 1
        return [2 * x for x in group]

    def __call__(self, group):
        with self.lock:
            self.in_flight += 1
            self.most = max(self.most, self.in_flight)
        return self.pool.submit(self.work, group)


@pytest.mark.parametrize("reader", [False, True])
@pytest.mark.parametrize("window", [1, 3, 50])
def test_answers_come_in_the_groups_order_within_the_window(window, reader):
    submit = Recorder()
    groups = [[i, i + 100] for i in range(12)]
    got = list(ordered_map(submit, iter(groups), window, reader=reader))
    assert got == [[2 * i, 2 * i + 200] for i in range(12)]
    assert 1 <= submit.most <= window


def test_with_a_reader_an_answer_comes_while_the_next_group_waits():
    typed = threading.Event()

    def stream():
        yield [1]
        assert typed.wait(10), "the first answer never came while the input waited"
        yield [2]

    def submit(group):
        future = Future()
        future.set_result([x * 10 for x in group])
        return future

    answers = ordered_map(submit, stream(), 4, reader=True)
    assert next(answers) == [10]
    typed.set()  # the next line is typed only once the first answer is out
    assert list(answers) == [[20]]


@pytest.mark.parametrize(("reader", "before"), [(False, []), (True, [[2], [4]])])
def test_a_reading_error_is_raised_at_once_or_with_a_reader_after_the_answers_before_it(reader, before):
    def groups():
        yield [1]
        yield [2]
        raise ValueError("line 3 is unreadable")

    submit = Recorder()
    got = []
    with pytest.raises(ValueError, match="line 3"):
        for answer in ordered_map(submit, groups(), 4, reader=reader):
            got.append(answer)
    assert got == before


@pytest.mark.parametrize("reader", [False, True])
def test_a_failed_group_raises_when_its_answers_are_due(reader):
    def submit(group):
        future = Future()
        if group == [2]:
            future.set_exception(RuntimeError("worker died"))
        else:
            future.set_result(group)
        return future

    got = []
    with pytest.raises(RuntimeError, match="worker died"):
        for answer in ordered_map(submit, iter([[1], [2], [3]]), 2, reader=reader):
            got.append(answer)
    assert got == [[1]]
